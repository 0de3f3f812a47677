/** The tool files under src/tools/, found and loaded, for the tests of the one list and of the tools' contract. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AnyTool } from '../../src/runtime/tool.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** A tool and where it is declared. */
export interface ToolSpec {
  /** The model-facing name (`read_page`). */
  name: string;
  /** The tool's file, relative to the repository root (`src/tools/page/read-page.ts`). */
  file: string;
  /** The name it is exported under (`readPage`). */
  exportName: string;
}

/** A tool file, loaded: the tool it exports and where. */
export interface ToolFile extends ToolSpec {
  tool: AnyTool;
}

/** Repository-relative paths under `dir` that pass `keep`, sorted. */
export function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => join(dir, file))
    .filter(keep)
    .sort();
}

/** Every test file of the repository (unit, panel and end-to-end), relative to its root. */
export const testFiles = (): string[] => ['src', 'sidepanel', 'popup', 'tests'].flatMap((dir) => filesUnder(dir, (f) => /\.test\.tsx?$/.test(f)));

/** Reads a repository file. */
export const readRepoFile = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

const isTool = (value: unknown): value is AnyTool =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as AnyTool).name === 'string' &&
  typeof (value as AnyTool).call === 'function' &&
  'inputSchema' in value;

/**
 * The tool files under src/tools/ (a file that builds a tool; helpers such as page-call.ts do not), each
 * loaded with the tools it exports: the list checks that each exports exactly one.
 */
export async function loadToolFiles(): Promise<Array<{ file: string; exports: Array<{ exportName: string; tool: AnyTool }> }>> {
  const files = filesUnder('src/tools', (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== join('src', 'tools', 'index.ts')).filter((f) =>
    /\bbuildTool\s*[<(]/.test(readRepoFile(f)),
  );
  return Promise.all(
    files.map(async (file) => {
      const module = (await import(join(ROOT, file))) as Record<string, unknown>;
      const exports = Object.entries(module).flatMap(([exportName, value]) => (isTool(value) ? [{ exportName, tool: value }] : []));
      return { file, exports };
    }),
  );
}

/** The tool of each tool file (the first, where a file wrongly exports several). */
export async function toolSpecs(): Promise<ToolFile[]> {
  return (await loadToolFiles()).flatMap(({ file, exports }) =>
    exports[0] ? [{ file, exportName: exports[0].exportName, name: exports[0].tool.name, tool: exports[0].tool }] : [],
  );
}
