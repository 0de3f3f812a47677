/**
 * A reply that broke off (the model failed mid-stream, or the run was stopped): what of it stays in the
 * transcript. The text the person already saw stays; so do the calls that already started while it
 * streamed, each with its result, so the model is never shown a call without one and nothing that ran is
 * forgotten. Calls that had not finished streaming never ran and are dropped.
 */
import { ToolError } from './errors.js';
import type { Message, ToolUseBlock } from './model/types.js';
import type { TurnResults } from './streaming-executor.js';

/** The reason calls still running are stopped with when the model's reply fails before it is complete. */
export const brokeOff = new ToolError('CANCELLED', "The model's reply broke off before it was complete, so this call was stopped.", {
  suggestion: 'Repeat it if it is still needed.',
});

/** The assistant message to keep (text and started calls) and the message with those calls' results. */
export function keepBrokenOffTurn(streamedText: string, abandoned: TurnResults & { toolUses: ToolUseBlock[] }): { assistant?: Message; results: Message[] } {
  const content: Message['content'] = [...(streamedText !== '' ? [{ type: 'text' as const, text: streamedText }] : []), ...abandoned.toolUses];
  if (content.length === 0) return { results: [] };
  const assistant: Message = { role: 'assistant', content };
  if (abandoned.results.length === 0) return { assistant, results: [] };
  return { assistant, results: [{ role: 'user', content: abandoned.results }, ...abandoned.newMessages] };
}
