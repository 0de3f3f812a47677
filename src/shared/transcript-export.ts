/**
 * A conversation as a file the person keeps: Markdown to read (messages in full, each tool call as one
 * summarised line with its outcome), or JSON with everything (the panel's transcript and the model's
 * messages). Page-derived text stays quoted data in both: it is never turned into Markdown structure.
 */
import type { Message } from '../runtime/model/types.js';
import type { ToolCallEntry, TranscriptEntry } from './transcript.js';

/** What an export is made from. */
export interface ConversationExport {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  transcript: readonly TranscriptEntry[];
  /** The model's transcript (what the next request sends), when there is one. */
  messages?: readonly Message[];
}

/** A file to save. */
export interface ExportFile {
  filename: string;
  mimeType: string;
  content: string;
}

const SUMMARY_CHARS = 240;

/** One line, bounded: page text cannot open a heading, a list or a code block in the export. */
function oneLine(text: string, max = SUMMARY_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Text inside inline code, whatever backticks it holds. */
function code(text: string): string {
  const fence = '`'.repeat(Math.max(1, ...(text.match(/`+/g) ?? []).map((run) => run.length + 1)));
  return `${fence}${text.startsWith('`') || text.endsWith('`') ? ` ${text} ` : text}${fence}`;
}

function callLine(call: ToolCallEntry): string {
  const what = call.description && call.description !== call.name ? ` — ${oneLine(call.description)}` : '';
  const text = (call.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : [])).join(' ');
  const images = (call.content ?? []).filter((block) => block.type === 'image').length + (call.images?.length ?? 0);
  const outcome =
    call.status === 'done'
      ? `done${text ? `: ${code(oneLine(text))}` : ''}${images > 0 ? ` (${images} image${images === 1 ? '' : 's'})` : ''}`
      : `${call.status}${call.error ? `: ${call.error.code} — ${oneLine(call.error.message)}` : ''}`;
  const stored = call.persisted?.storedId ? ` (full result stored as ${code(call.persisted.storedId)})` : '';
  return `- **${call.name}**${what} → ${outcome}${stored}`;
}

const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 48) || 'conversation';
const dateOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The conversation as readable Markdown. */
export function conversationToMarkdown(conversation: ConversationExport): ExportFile {
  const lines: string[] = [
    `# ${oneLine(conversation.title, 120) || 'Conversation'}`,
    '',
    `Exported from Pagewright. Started ${new Date(conversation.createdAt).toISOString()}, last active ${new Date(conversation.updatedAt).toISOString()}.`,
    '',
  ];
  const calls = new Map(conversation.transcript.filter((entry): entry is ToolCallEntry => entry.kind === 'tool_call').map((entry) => [entry.toolUseId, entry]));
  const written = new Set<string>();
  for (const entry of conversation.transcript) {
    if (entry.kind === 'tool_call') {
      if (!written.has(entry.toolUseId)) lines.push(callLine(entry), '');
      written.add(entry.toolUseId);
      continue;
    }
    if (entry.kind === 'context') {
      if (entry.event === 'compacted')
        lines.push(`*Earlier turns were summarised for the model here (${entry.summarizedMessages ?? 0} messages); they are all above.*`, '');
      continue;
    }
    const { message } = entry;
    // User messages that only carry tool results or tool images are the tools' words, shown with the calls.
    const words = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : []));
    if (message.role === 'user') {
      if (words.length > 0 && message.content.every((block) => block.type === 'text')) lines.push('## You', '', ...words, '');
      continue;
    }
    if (words.some((text) => text.trim() !== '')) lines.push('## Pagewright', '', ...words, '');
    for (const block of message.content) {
      if (block.type !== 'tool_use' || written.has(block.id)) continue;
      const call = calls.get(block.id);
      lines.push(call ? callLine(call) : `- **${block.name}** → not started`, '');
      written.add(block.id);
    }
  }
  return {
    filename: `pagewright-${dateOf(conversation.updatedAt)}-${slug(conversation.title)}.md`,
    mimeType: 'text/markdown',
    content: `${lines.join('\n').trimEnd()}\n`,
  };
}

/** The conversation, complete, as JSON. */
export function conversationToJson(conversation: ConversationExport): ExportFile {
  const content = JSON.stringify({ format: 'pagewright-conversation', version: 1, ...conversation }, null, 2);
  return { filename: `pagewright-${dateOf(conversation.updatedAt)}-${slug(conversation.title)}.json`, mimeType: 'application/json', content };
}
