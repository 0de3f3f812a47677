/** When a run stops on its own: small composable predicates, checked before every model call after the first. */
import type { RunStopReason } from './events.js';
import type { Usage } from './model/types.js';

/** What a stop condition sees, checked before every model call after the first. */
export interface StopState {
  turn: number;
  toolCalls: number;
  usage: Usage;
}

/** A small composable predicate: return a reason to stop, or `undefined` to go on. */
export type StopCondition = (state: StopState) => RunStopReason | undefined;

/** Stop once `n` model turns have completed. */
export const stopAfterTurns =
  (n: number): StopCondition =>
  (state) =>
    state.turn >= n ? 'max_turns' : undefined;
