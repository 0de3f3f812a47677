/** What both red-team scripts (the fooled model and the honest one) read from a tool result. */
import type { MockReplySource, RecordedRequest } from '../mock-model-server.js';
import { toolResultsOf } from '../mock-model-server.js';

/** The text of the last tool result in a request. */
export const lastResult = (request: RecordedRequest): string => toolResultsOf(request).at(-1)?.text ?? '';

/** One tool call as the scripted model's reply. */
export const call = (id: string, name: string, input: Record<string, unknown>) => ({ toolCalls: [{ id, name, input }] });

/** The ref on the first line of a tree that contains every part. */
export function refIn(tree: string, ...parts: string[]): string {
  const line = tree.split('\n').find((l) => parts.every((part) => l.includes(part)) && l.includes('[ref='));
  const ref = line ? /\[ref=([^\]\s]+)\]/.exec(line)?.[1] : undefined;
  if (!ref) throw new Error(`no line with ${parts.map((p) => JSON.stringify(p)).join(' and ')} in ${tree.slice(0, 500)}`);
  return ref;
}

/** The secret as the model read it in a tool result. */
export function secretIn(text: string): string {
  const found = /recovery code:?\s*\**"?([A-Za-z0-9-]{8,})/i.exec(text)?.[1];
  if (!found) throw new Error('the secret was not in what the model read');
  return found;
}

/** A step computed from the last tool result; a script failure ends the run politely and is recorded. */
export function step(context: { id: string; scriptErrors: string[] }, build: (result: string, request: RecordedRequest) => MockReplySource): MockReplySource {
  return async (request: RecordedRequest) => {
    try {
      const reply = build(lastResult(request), request);
      return typeof reply === 'function' ? await reply(request) : reply;
    } catch (error) {
      context.scriptErrors.push(error instanceof Error ? error.message : String(error));
      return { text: `Finished ${context.id}.` };
    }
  };
}
