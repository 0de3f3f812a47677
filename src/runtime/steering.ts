/**
 * Steering: what the person says while a run works. Their messages wait in a queue the run session owns
 * and join the transcript at the next turn boundary — after a turn's tool results, or when the model
 * would otherwise end its turn — as the person's own words, so the model reads them before its next step.
 */
import type { AgentEvent } from './events.js';
import type { Message, TextBlock } from './model/types.js';

/** A message the person sent while the run was working. */
export interface QueuedMessage {
  id: string;
  text: string;
}

/** Where the loop takes the queued messages from; `take` empties the queue (or returns none while stopping). */
export interface SteeringQueue {
  take(): QueuedMessage[];
}

/** Appends the person's text to the transcript, merged into a trailing user message (tool results, say). */
export function appendPersonMessage(messages: readonly Message[], text: string): Message[] {
  const block: TextBlock = { type: 'text', text };
  const last = messages.at(-1);
  if (last?.role === 'user') return [...messages.slice(0, -1), { role: 'user', content: [...last.content, block] }];
  return [...messages, { role: 'user', content: [block] }];
}

/**
 * Delivers whatever is queued: each message is appended as the person's words and announced with a
 * `person_message` event. Returns the same array when nothing was queued.
 */
export function deliverQueued(messages: Message[], queue: SteeringQueue | undefined, emit: (event: AgentEvent) => void): Message[] {
  const queued = queue?.take() ?? [];
  let next = messages;
  for (const message of queued) {
    next = appendPersonMessage(next, message.text);
    emit({ type: 'person_message', id: message.id, text: message.text });
  }
  return next;
}
