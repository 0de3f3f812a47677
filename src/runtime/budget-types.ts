/** Types of the result budget, shared by the context and `budget.ts`. */
import type { ToolResultContentBlock } from './model/types.js';

/** Where over-budget results go. The extension uses IndexedDB (see `budget.ts`). */
export interface ResultStore {
  put(record: StoredResult): Promise<void>;
  get(id: string): Promise<StoredResult | undefined>;
}

export interface StoredResult {
  id: string;
  toolUseId: string;
  toolName: string;
  content: string;
  createdAt: number;
  /** The conversation it belongs to, so deleting the conversation deletes it (set by the extension). */
  conversationId?: string;
}

/** The frozen decision for one tool-use id: what the model got, byte for byte. */
export interface BudgetDecision {
  toolUseId: string;
  /** `kept` = the full content went to the model; `persisted` = a preview did. */
  kind: 'kept' | 'persisted' | 'preview_only';
  content: ToolResultContentBlock[];
  /** Set when persisted: the stored id and the full size. */
  storedId?: string;
  totalChars?: number;
}

/**
 * What the budget state keeps for one tool-use id. A `kept` result went to the model exactly as the tool
 * produced it, and the transcript already holds those bytes, so only the verdict is kept (storing the
 * content too would put every result in each checkpoint twice). A preview differs from what the tool
 * produced, so it is kept byte for byte. See `freezeDecision` / `thawDecision` in `budget.ts`.
 */
export type FrozenBudgetDecision =
  | {
      toolUseId: string;
      kind: 'kept';
      /** Ignored: checkpoints written before kept decisions were stored without content carry it. */
      content?: ToolResultContentBlock[];
    }
  | (BudgetDecision & { kind: 'persisted' | 'preview_only' });

/** Decisions are frozen per tool-use id so re-sending history yields byte-identical content. */
export interface BudgetState {
  readonly decisions: Map<string, FrozenBudgetDecision>;
}

export const createBudgetState = (): BudgetState => ({ decisions: new Map() });
