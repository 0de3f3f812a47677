/**
 * The loop's one hook for the context window: at each turn boundary it asks the policy what to send (a
 * projection of the transcript) or whether to stop; after each reply it reports the usage; at each
 * checkpoint it saves the policy's state. The loop knows nothing else about elision, compaction or cost.
 */
import type { AgentEvent, RunStopReason } from '../events.js';
import type { Message, ToolSpec, Usage } from '../model/types.js';
import type { CompactionState } from './compact.js';
import type { MeterReading } from './cost.js';
import type { Stubs } from './elide.js';

/** What the loop hands the policy before each request. */
export interface TurnBoundary {
  system: string;
  tools: readonly ToolSpec[];
  /** The whole transcript; the policy never changes it. */
  messages: readonly Message[];
  /** The request's output cap, when the loop sets one. */
  maxTokens: number | undefined;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
}

/** The policy's answer: the messages to send, or a reason to stop the run before the request. */
export type PreparedRequest =
  | {
      messages: Message[];
      /** Tokens the policy itself used (a compaction summary), for the run's total. */
      usage?: Usage;
    }
  | { stop: RunStopReason; error: { code: string; message: string; suggestion: string }; usage?: Usage };

/** JSON-safe state of a run's context window, saved with each checkpoint. */
export interface ContextWindowState {
  /** Frozen replacements per tool-use id (see elide.ts). */
  stubs: Stubs;
  compaction?: CompactionState;
  /** This run's meter; absent when state is carried into a new run. */
  meter?: MeterReading;
}

/** The hook `runAgent` calls (see `createContextPolicy`). Its methods never throw. */
export interface ContextPolicy {
  prepare(boundary: TurnBoundary): Promise<PreparedRequest>;
  /** Each reply's usage: for the meter, and to calibrate the next estimate against what was prepared. */
  observe(usage: Usage, emit: (event: AgentEvent) => void): void;
  snapshot(): ContextWindowState;
}
