/** From the transcript to what the chat shows: rows in order, and each tool call as its view sees it. */
import { closeUnfinishedCalls, type ContextEntry, type ToolCallEntry, type TranscriptEntry, type UnfinishedCause } from '../../src/shared/transcript.js';
import type { ToolCallView } from './types.js';

/** One row of the chat as rendered. */
export type DisplayItem =
  | { kind: 'person'; key: string; text: string }
  | { kind: 'assistant'; key: string; text: string }
  /** Consecutive calls of one tool (from one assistant turn): one call, or a parallel group. */
  | { kind: 'tools'; key: string; name: string; toolUseIds: string[] }
  /** Older turns were summarised for the model here (or that failed); every turn above stays shown. */
  | { kind: 'context'; key: string; entry: ContextEntry };

type Message = Extract<TranscriptEntry, { kind: 'message' }>['message'];

const isPersonMessage = (message: Message): boolean =>
  message.role === 'user' && message.content.length > 0 && message.content.every((block) => block.type === 'text');

/**
 * Orders the transcript for display. Tool calls appear where the assistant asked for them (its tool_use
 * blocks); tool_call entries with no tool_use block appear where they are stored. User messages that
 * carry tool results or tool-added images are not the person's words and are not shown.
 */
export function buildDisplayItems(entries: readonly TranscriptEntry[]): DisplayItem[] {
  const items: DisplayItem[] = [];
  const placed = new Set<string>();
  const addCall = (id: string, name: string, groupKey: string): void => {
    placed.add(id);
    const last = items.at(-1);
    if (last?.kind === 'tools' && last.name === name && last.key.startsWith(groupKey)) last.toolUseIds.push(id);
    else items.push({ kind: 'tools', key: `${groupKey}:${id}`, name, toolUseIds: [id] });
  };
  const requested = new Set(
    entries.flatMap((entry) => (entry.kind === 'message' ? entry.message.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : [])) : [])),
  );
  entries.forEach((entry, index) => {
    if (entry.kind === 'tool_call') {
      if (!placed.has(entry.toolUseId) && !requested.has(entry.toolUseId)) addCall(entry.toolUseId, entry.name, 'loose');
      return;
    }
    if (entry.kind === 'context') {
      items.push({ kind: 'context', key: `c${index}`, entry });
      return;
    }
    const { message } = entry;
    if (message.role === 'user') {
      if (isPersonMessage(message)) {
        items.push({ kind: 'person', key: `m${index}`, text: message.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n') });
      }
      return;
    }
    message.content.forEach((block, blockIndex) => {
      if (block.type === 'text') {
        if (block.text.trim() === '') return;
        const last = items.at(-1);
        if (last?.kind === 'assistant' && last.key.startsWith(`m${index}:`)) last.text += `\n\n${block.text}`;
        else items.push({ kind: 'assistant', key: `m${index}:${blockIndex}`, text: block.text });
      } else if (block.type === 'tool_use') {
        addCall(block.id, block.name, `m${index}`);
      }
    });
  });
  return items;
}

/**
 * Every tool call by id: its entry once the worker reported it; before that, a queued placeholder from
 * the assistant's request (it waits for an earlier call of the turn). With `settle`, calls that will never
 * finish (the run is over) are settled by the one rule for that, placeholders included.
 */
export function toolCallsFromEntries(entries: readonly TranscriptEntry[], settle?: UnfinishedCause): Map<string, ToolCallView> {
  const reported = entries.filter((entry): entry is ToolCallEntry => entry.kind === 'tool_call');
  const known = new Set(reported.map((entry) => entry.toolUseId));
  const placeholders: ToolCallEntry[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'message' || entry.message.role !== 'assistant') continue;
    for (const block of entry.message.content) {
      if (block.type !== 'tool_use' || known.has(block.id)) continue;
      known.add(block.id);
      placeholders.push({ kind: 'tool_call', toolUseId: block.id, name: block.name, input: block.input, description: '', status: 'running' });
    }
  }
  const queued = new Set(placeholders.map((entry) => entry.toolUseId));
  const all = [...reported, ...placeholders];
  const calls = new Map<string, ToolCallView>();
  for (const entry of settle ? closeUnfinishedCalls(all, settle) : all) {
    if (entry.kind !== 'tool_call') continue;
    const { kind: _kind, ...view } = entry;
    calls.set(entry.toolUseId, queued.has(entry.toolUseId) && entry.status === 'running' ? { ...view, queued: true } : view);
  }
  return calls;
}
