/**
 * Everything the agent loop emits, in order. The service worker forwards these to side panels over a
 * port (see `src/shared/protocol.ts`, which validates the same shapes with zod) and checkpoints them.
 */
import type { BudgetDecision } from './budget-types.js';
import type { Message, ToolResultContentBlock, Usage } from './model/types.js';
import type { DecisionReason } from './permission-types.js';

export type ToolCallStatus = 'running' | 'done' | 'error' | 'rejected' | 'cancelled';

export type RunStopReason =
  | 'end_turn'
  | 'max_turns'
  | 'max_tool_calls'
  | 'max_tokens'
  | 'wall_time'
  | 'interrupted'
  | 'aborted'
  | 'model_error';

export type AgentEvent =
  | { type: 'turn_started'; turn: number }
  | { type: 'text_delta'; text: string }
  /** A whole assistant message, once streamed. */
  | { type: 'assistant_message'; message: Message }
  | { type: 'tool_call_started'; toolUseId: string; name: string; input: unknown; description: string }
  | { type: 'tool_call_progress'; toolUseId: string; progress: unknown }
  | {
      type: 'tool_call_finished';
      toolUseId: string;
      name: string;
      status: Exclude<ToolCallStatus, 'running'>;
      /** Exactly what the model gets for this call. */
      content: ToolResultContentBlock[];
      isError: boolean;
      /** The tool's raw output, when JSON-serializable and small; for the side panel's views. */
      output?: unknown;
      /** The error payload when the call failed. */
      error?: { code: string; message: string; suggestion: string };
      /** Set when the result went over budget and was stored. */
      persisted?: Pick<BudgetDecision, 'storedId' | 'totalChars'>;
      /** Why the call was allowed or denied. */
      permission?: DecisionReason;
      durationMs: number;
    }
  /** The user message carrying one turn's tool results (and any `newMessages` after it). */
  | { type: 'tool_results'; messages: Message[] }
  | { type: 'usage'; usage: Usage; total: Usage }
  | { type: 'run_finished'; reason: RunStopReason; error?: { code: string; message: string; suggestion: string; retryAfterMs?: number } };
