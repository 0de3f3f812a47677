/**
 * The order e2e files start in: the longest first, so the test workers finish about together. With
 * timings from an earlier run vitest starts the longest files first itself; a clean clone has none, and
 * it would order by file size — the red team's hostile half is a 30-line file that runs for minutes,
 * and started last it would run alone at the end.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The files that run longest, longest first (their tests are many, not their lines). */
const LONGEST = ['page-corpus.test.ts', 'red-team-benign.test.ts', 'red-team-hostile.test.ts', 'red-team.test.ts', 'panel-layout.test.ts'];

const rankOf = (file: TestSpecification): number => {
  const rank = LONGEST.findIndex((name) => file.moduleId.endsWith(`/tests/e2e/${name}`));
  return rank < 0 ? LONGEST.length : rank;
};

/** Vitest's own order, with the longest e2e files moved to the front. */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rankOf(a.file) - rankOf(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}
