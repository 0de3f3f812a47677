/** When a run stops on its own: small composable predicates, checked before every model call after the first. */
import type { RunStopReason } from './events.js';
import type { Usage } from './model/types.js';

/** What a stop condition sees, checked before every model call after the first. */
export interface StopState {
  turn: number;
  toolCalls: number;
  usage: Usage;
  startedAt: number;
  now: number;
}

/** A small composable predicate: return a reason to stop, or `undefined` to go on. */
export type StopCondition = (state: StopState) => RunStopReason | undefined;

/** Stop once `n` model turns have completed. */
export const stopAfterTurns =
  (n: number): StopCondition =>
  (state) =>
    state.turn >= n ? 'max_turns' : undefined;

/** Stop once `n` tool calls have been made. */
export const stopAfterToolCalls =
  (n: number): StopCondition =>
  (state) =>
    state.toolCalls >= n ? 'max_tool_calls' : undefined;

/** Stop once the run has used `n` tokens (input, output, and cache reads and writes together). */
export const stopAfterTokens =
  (n: number): StopCondition =>
  ({ usage }) =>
    usage.inputTokens + usage.outputTokens + usage.cacheReadTokens + usage.cacheCreationTokens >= n ? 'max_tokens' : undefined;

/** Stop once `ms` have passed since the run started. */
export const stopAfterWallTime =
  (ms: number): StopCondition =>
  (state) =>
    state.now - state.startedAt >= ms ? 'wall_time' : undefined;
