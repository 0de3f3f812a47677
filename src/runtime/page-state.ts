/**
 * What a run has seen of each tab: the latest snapshot's elements by ref (enough to judge a call on one
 * without a round trip, like a read-file cache) and the document each frame's refs were handed out in.
 * Each run owns one, so one run's view of a page never leaks into another's.
 */
import { z } from 'zod';

/** What the content script reports about one element, enough to judge a call on it without a round trip. */
export const elementSummarySchema = z.object({
  role: z.string(),
  name: z.string(),
  tag: z.string().optional(),
  /** For inputs: the `type` attribute. */
  inputType: z.string().optional(),
  autocomplete: z.string().optional(),
  /** For buttons and inputs inside a form: its method and action. */
  formMethod: z.string().optional(),
  formAction: z.string().optional(),
  /** True when the element submits its form. */
  submits: z.boolean().optional(),
  href: z.string().optional(),
  /** For an unnamed control in a list or table row: that row's text (`checkbox in "Buy milk"`). */
  row: z.string().optional(),
  /** For a control that others on the page share a role and name with: where it is, as written after `in` (`"To do"`, `menu`, `tree "JSON editor"`). */
  context: z.string().optional(),
  /** A button inside an option of a multi-select (a chip's remove control): content/chip.ts. */
  chip: z.boolean().optional(),
});
export type ElementSummary = z.infer<typeof elementSummarySchema>;

/** The latest snapshot of one tab, keyed by tab and URL. */
export interface PageSnapshotRecord {
  tabId: number;
  url: string;
  takenAt: number;
  /** Elements by ref, as last seen. */
  elements: Readonly<Record<string, ElementSummary>>;
}

/** A run's per-tab page state. */
export interface SnapshotCache {
  /** The record for this tab; with `url`, only if it was taken on that URL. */
  get(tabId: number, url?: string): PageSnapshotRecord | undefined;
  /** Merges elements into the tab's record (a new URL starts a new record). */
  update(tabId: number, url: string, elements: Readonly<Record<string, ElementSummary>>): void;
  /**
   * Remembers the document a frame's refs were handed out in, so a ref from before a navigation is
   * STALE_REF even if the new page reuses the same ref names.
   */
  rememberDocument(tabId: number, frameId: number, documentId: string): void;
  /** The document a frame's refs belong to, if known. */
  knownDocument(tabId: number, frameId: number): string | undefined;
  /** Forgets the tab: its snapshot and its documents (after a navigation, or when it closes). */
  invalidate(tabId: number): void;
}

/** A map-backed snapshot cache. */
export function createSnapshotCache(now: () => number = Date.now): SnapshotCache {
  const records = new Map<number, PageSnapshotRecord>();
  const documents = new Map<number, Map<number, string>>();
  return {
    get(tabId, url) {
      const record = records.get(tabId);
      if (!record) return undefined;
      if (url !== undefined && record.url !== url) return undefined;
      return record;
    },
    update(tabId, url, elements) {
      const prior = records.get(tabId);
      const base = prior && prior.url === url ? prior.elements : {};
      records.set(tabId, { tabId, url, takenAt: now(), elements: { ...base, ...elements } });
    },
    rememberDocument(tabId, frameId, documentId) {
      let frames = documents.get(tabId);
      if (!frames) documents.set(tabId, (frames = new Map()));
      frames.set(frameId, documentId);
    },
    knownDocument(tabId, frameId) {
      return documents.get(tabId)?.get(frameId);
    },
    invalidate(tabId) {
      records.delete(tabId);
      documents.delete(tabId);
    },
  };
}
