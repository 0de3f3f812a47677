/**
 * Checkpoints: what a run saves after every step so that, when the browser stops the service worker, the
 * run is shown as interrupted and can be resumed without re-running anything. A call that was in flight
 * gets an INTERRUPTED result instead of running again.
 */
import type { BudgetState, FrozenBudgetDecision } from './budget-types.js';
import type { ContextWindowState } from './context-window/types.js';
import type { AppState } from './context.js';
import { errorContent } from './execute.js';
import type { ContentBlock, Message, ToolResultBlock, ToolUseBlock, Usage } from './model/types.js';

/** What is saved after every step, so a run cut off by a worker restart can be shown and resumed. */
export interface RunCheckpoint {
  runId: string;
  messages: Message[];
  turn: number;
  toolCalls: number;
  usage: Usage;
  /** Tool-use ids whose calls may be running; on restore they get an INTERRUPTED result (see repairInterruptedTranscript). */
  inFlight: string[];
  budget: FrozenBudgetDecision[];
  appState: AppState;
  currentTabId: number | undefined;
  status: 'running' | 'finished';
  /** What the context window has elided and summarised, and the run's meter (when a policy is set). */
  contextWindow?: ContextWindowState;
}

/** Where checkpoints go (IndexedDB in the extension). */
export interface Checkpointer {
  save(checkpoint: RunCheckpoint): Promise<void>;
}

/** The result the model gets for a call that was cut off by a restart. */
export function interruptedResult(toolUseId: string): ToolResultBlock {
  return {
    type: 'tool_result',
    tool_use_id: toolUseId,
    is_error: true,
    content: errorContent({
      code: 'INTERRUPTED',
      message: 'The extension was restarted while this call ran; it was not re-run, so it may or may not have taken effect.',
      suggestion: 'Check the page state before repeating it.',
    }),
  };
}

/**
 * Gives every `tool_use` without a `tool_result` an INTERRUPTED error result, so the transcript is
 * valid again after a restart and nothing is re-run blindly. Results go into the user message that
 * follows the call (in call order, before any other content), or a new one when there is none.
 */
export function repairInterruptedTranscript(messages: readonly Message[]): Message[] {
  const out: Message[] = [];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Message;
    out.push(message);
    if (message.role !== 'assistant') continue;
    const uses = message.content.filter((b): b is ToolUseBlock => b.type === 'tool_use');
    if (uses.length === 0) continue;
    const next = messages[i + 1];
    const existing = new Map<string, ToolResultBlock>();
    if (next?.role === 'user') {
      for (const block of next.content) if (block.type === 'tool_result') existing.set(block.tool_use_id, block);
    }
    if (uses.every((use) => existing.has(use.id))) continue;
    const results: ContentBlock[] = uses.map((use) => existing.get(use.id) ?? interruptedResult(use.id));
    if (next?.role === 'user') {
      // Results for calls of other messages (should not happen) are kept after ours rather than dropped.
      const ours = new Set(uses.map((use) => use.id));
      const rest = next.content.filter((b) => !(b.type === 'tool_result' && ours.has(b.tool_use_id)));
      out.push({ role: 'user', content: [...results, ...rest] });
      i++;
    } else {
      out.push({ role: 'user', content: results });
    }
  }
  return out;
}

/** What a resumed run starts from, rebuilt from its last checkpoint. */
export interface RestoredRunState {
  /** The transcript, with INTERRUPTED results for the calls that were in flight. */
  messages: Message[];
  /** The frozen budget decisions, so re-sent results stay byte-identical (prompt cache). */
  budget: BudgetState;
  appState: AppState;
  currentTabId: number | undefined;
  /** True when the run had not finished: show it as interrupted, with a Resume action. */
  wasCutOff: boolean;
  /** For `contextWindowForRun({ start: { kind: 'resume', state } })`: history is sent as it was before the restart. */
  contextWindow?: ContextWindowState;
}

/** Rebuilds the run state from a checkpoint after the service worker restarted. Nothing is re-run. */
export function restoreRunState(checkpoint: RunCheckpoint): RestoredRunState {
  return {
    messages: repairInterruptedTranscript(checkpoint.messages),
    budget: { decisions: new Map(checkpoint.budget.map((decision) => [decision.toolUseId, decision])) },
    appState: checkpoint.appState,
    currentTabId: checkpoint.currentTabId,
    wasCutOff: checkpoint.status === 'running',
    ...(checkpoint.contextWindow ? { contextWindow: checkpoint.contextWindow } : {}),
  };
}
