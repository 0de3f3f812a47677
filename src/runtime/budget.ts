/**
 * The result budget (principle 5, "show the model only what it needs"). A result longer than its tool's
 * `maxResultSizeChars` (capped at DEFAULT_MAX_RESULT_SIZE_CHARS unless `Infinity`) is stored and the model
 * gets a preview with a handle; one turn's results together stay under MESSAGE_BUDGET_CHARS by storing
 * the largest (the streaming executor applies this batch by batch, so results already shown stay final). Each
 * decision is frozen per tool-use id, so re-sending history is byte-identical.
 */
import type { BudgetDecision, BudgetState, FrozenBudgetDecision, ResultStore, StoredResult } from './budget-types.js';
import { ToolError } from './errors.js';
import type { ToolResultContentBlock } from './model/types.js';
import { DEFAULT_MAX_RESULT_SIZE_CHARS, type AnyTool } from './tool.js';

/** About how much of a stored result the model sees; cut back to the last line break. */
export const PREVIEW_CHARS = 2_000;
/** The most characters one turn's tool results may carry together. */
export const MESSAGE_BUDGET_CHARS = 200_000;
/** The default page size for `read_result`. */
export const DEFAULT_READ_LIMIT = 20_000;

/** A tool's own limit, capped at the global default; `Infinity` opts out (the tool limits itself). */
export function effectiveMaxResultSize(tool: Pick<AnyTool, 'maxResultSizeChars'>): number {
  if (tool.maxResultSizeChars === Infinity) return Infinity;
  return Math.min(tool.maxResultSizeChars, DEFAULT_MAX_RESULT_SIZE_CHARS);
}

/** Characters of text the blocks carry (images are not counted: they are never stored). */
export function contentSize(content: readonly ToolResultContentBlock[]): number {
  return content.reduce((sum, block) => sum + (block.type === 'text' ? block.text.length : 0), 0);
}

const hasImage = (content: readonly ToolResultContentBlock[]) => content.some((block) => block.type === 'image');
const textOf = (content: readonly ToolResultContentBlock[]) => content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

/** The first ~`limit` characters, cut back to the last line break when one is in the second half. */
export function previewText(text: string, limit = PREVIEW_CHARS): string {
  if (text.length <= limit) return text;
  const cut = text.lastIndexOf('\n', limit);
  return text.slice(0, cut > limit / 2 ? cut : limit);
}

/** The stored id for a tool-use id: deterministic, so a retried store write overwrites, never duplicates. */
export const storedIdFor = (toolUseId: string) => `result_${toolUseId}`;

/** One result awaiting its budget decision. */
export interface PendingResult {
  toolUseId: string;
  toolName: string;
  content: ToolResultContentBlock[];
}

/**
 * Stores the full text and returns the preview decision. A failing store (quota, closed database) still
 * yields the preview, with a note that the rest could not be kept: nothing crashes, nothing is dropped silently.
 */
export async function persistOversizedResult(result: PendingResult, store: ResultStore, reason: string, now: () => number = Date.now): Promise<BudgetDecision> {
  const full = textOf(result.content);
  const preview = previewText(full);
  const total = full.length.toLocaleString('en-US');
  const storedId = storedIdFor(result.toolUseId);
  try {
    await store.put({ id: storedId, toolUseId: result.toolUseId, toolName: result.toolName, content: full, createdAt: now() });
  } catch (error) {
    const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const note = `[${reason}: ${total} characters in total; only the first ${preview.length.toLocaleString('en-US')} are shown. The full result could not be stored (${why}), so the rest cannot be read later. Ask for a smaller part (a narrower query, one section of the page) to see more.]`;
    return { toolUseId: result.toolUseId, kind: 'preview_only', content: [{ type: 'text', text: `${preview}\n\n${note}` }], totalChars: full.length };
  }
  const readMore = JSON.stringify({ id: storedId, offset: preview.length, limit: DEFAULT_READ_LIMIT });
  const note = `[${reason}: ${total} characters in total; the first ${preview.length.toLocaleString('en-US')} are shown above. The full result is stored as "${storedId}". Read more with read_result ${readMore}.]`;
  return { toolUseId: result.toolUseId, kind: 'persisted', content: [{ type: 'text', text: `${preview}\n\n${note}` }], storedId, totalChars: full.length };
}

/**
 * What the budget state keeps of a decision: a preview byte for byte, a `kept` result only as the verdict
 * (its bytes are the tool's own, already in the transcript; see `FrozenBudgetDecision`).
 */
export function freezeDecision(decision: BudgetDecision): FrozenBudgetDecision {
  if (decision.kind === 'kept') return { toolUseId: decision.toolUseId, kind: 'kept' };
  return { ...decision, kind: decision.kind };
}

/** A frozen decision applied to what the tool produced: a preview as frozen, a `kept` verdict with the produced content. */
export function thawDecision(frozen: FrozenBudgetDecision, produced: ToolResultContentBlock[]): BudgetDecision {
  if (frozen.kind === 'kept') return { toolUseId: frozen.toolUseId, kind: 'kept', content: produced };
  return frozen;
}

/**
 * Could the per-message budget still shorten this result? Only a `kept`, image-free result that is not
 * frozen yet and large enough that a preview saves something. Results it says no to are final as they are.
 */
export function canMessageBudgetShorten(decision: BudgetDecision, budget: BudgetState): boolean {
  return (
    decision.kind === 'kept' && !hasImage(decision.content) && !budget.decisions.has(decision.toolUseId) && contentSize(decision.content) > PREVIEW_CHARS * 2
  );
}

/**
 * The per-tool limit: over it, the result is stored and previewed. A decision already frozen for this
 * tool-use id is applied as frozen (a resumed run must not store or preview twice). Not frozen here:
 * the per-message budget may still change a `kept` result.
 */
export async function applyResultSizeBudget(tool: AnyTool, result: PendingResult, budget: BudgetState, store: ResultStore): Promise<BudgetDecision> {
  const frozen = budget.decisions.get(result.toolUseId);
  if (frozen) return thawDecision(frozen, result.content);
  const limit = effectiveMaxResultSize(tool);
  if (hasImage(result.content) || contentSize(result.content) <= limit) return { toolUseId: result.toolUseId, kind: 'kept', content: result.content };
  return persistOversizedResult(result, store, `Result longer than ${tool.name}'s limit of ${limit.toLocaleString('en-US')} characters`);
}

/**
 * The per-message budget, then freezing: while one turn's results exceed `limit`, the largest kept
 * text-only result is stored and previewed. Every decision is then frozen in `budget` by tool-use id.
 * Returns the final decisions in the order given.
 */
export async function applyMessageBudget(
  decisions: readonly BudgetDecision[],
  names: ReadonlyMap<string, string>,
  budget: BudgetState,
  store: ResultStore,
  limit = MESSAGE_BUDGET_CHARS,
): Promise<BudgetDecision[]> {
  const final = decisions.map((decision) => {
    const frozen = budget.decisions.get(decision.toolUseId);
    return frozen ? thawDecision(frozen, decision.content) : decision;
  });
  let total = final.reduce((sum, decision) => sum + contentSize(decision.content), 0);
  while (total > limit) {
    let largest = -1;
    for (const [index, decision] of final.entries()) {
      if (!canMessageBudgetShorten(decision, budget)) continue;
      if (largest < 0 || contentSize(decision.content) > contentSize(final[largest]?.content ?? [])) largest = index;
    }
    const chosen = final[largest];
    if (!chosen) break; // nothing left that storing would shrink
    const pending = { toolUseId: chosen.toolUseId, toolName: names.get(chosen.toolUseId) ?? 'unknown', content: chosen.content };
    const replaced = await persistOversizedResult(
      pending,
      store,
      `This turn's results were too long together (over ${limit.toLocaleString('en-US')} characters), so this one was shortened`,
    );
    total += contentSize(replaced.content) - contentSize(chosen.content);
    final[largest] = replaced;
  }
  for (const decision of final) budget.decisions.set(decision.toolUseId, freezeDecision(decision));
  return final;
}

/** A `ResultStore` in memory (tests, and sub-agents that must not write to disk). */
export function createMemoryResultStore(initial: readonly StoredResult[] = []): ResultStore {
  const records = new Map<string, StoredResult>(initial.map((record) => [record.id, record]));
  return {
    async put(record) {
      records.set(record.id, record);
    },
    async get(id) {
      return records.get(id);
    },
  };
}

/** One page of a stored result, for `read_result`. */
export interface StoredResultPage {
  id: string;
  content: string;
  offset: number;
  totalChars: number;
  /** Where the next page starts; absent at the end. */
  nextOffset?: number;
}

/** Reads `limit` characters of a stored result from `offset`. Throws RESULT_NOT_FOUND / INVALID_INPUT as `ToolError`s. */
export async function readStoredResult(store: ResultStore, id: string, offset = 0, limit = DEFAULT_READ_LIMIT): Promise<StoredResultPage> {
  const record = await store.get(id);
  if (!record) {
    throw new ToolError('RESULT_NOT_FOUND', `No stored result has the id "${id}".`, {
      suggestion:
        'Use the exact id from the note under the preview (it looks like "result_<tool-use id>"); stored results can be cleared when the browser needs space.',
      details: { id },
    });
  }
  const totalChars = record.content.length;
  if (offset > totalChars) {
    throw new ToolError('INVALID_INPUT', `Offset ${offset} is past the end of "${id}" (${totalChars} characters).`, {
      suggestion: `Use an offset between 0 and ${totalChars}.`,
      details: { id, offset, totalChars },
    });
  }
  const end = Math.min(totalChars, offset + limit);
  return { id, content: record.content.slice(offset, end), offset, totalChars, ...(end < totalChars ? { nextOffset: end } : {}) };
}
