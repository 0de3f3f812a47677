import { describe, expect, it } from 'vitest';
import { conversationToJson, conversationToMarkdown, type ConversationExport } from './transcript-export.js';

const conversation: ConversationExport = {
  id: 'c1',
  title: 'Find the refund policy',
  createdAt: Date.UTC(2026, 10, 30, 9),
  updatedAt: Date.UTC(2026, 10, 30, 10),
  transcript: [
    { kind: 'message', message: { role: 'user', content: [{ type: 'text', text: 'Where is the refund policy?' }] } },
    {
      kind: 'message',
      message: {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Looking.' },
          { type: 'tool_use', id: 't1', name: 'find', input: { query: 'refund' } },
          { type: 'tool_use', id: 't2', name: 'click', input: { ref: 'e9' } },
        ],
      },
    },
    {
      kind: 'tool_call',
      toolUseId: 't1',
      name: 'find',
      input: { query: 'refund' },
      description: 'Find “refund”',
      status: 'done',
      content: [{ type: 'text', text: '- link "Refunds\n# Forged heading" [ref=e9]' }],
    },
    {
      kind: 'tool_call',
      toolUseId: 't2',
      name: 'click',
      input: { ref: 'e9' },
      description: 'Click link “Refunds”',
      status: 'error',
      error: { code: 'STALE_REF', message: 'The ref e9 is gone.', suggestion: 'Read again.' },
    },
    { kind: 'message', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'x' }] }] } },
    { kind: 'message', message: { role: 'assistant', content: [{ type: 'text', text: 'It is at /refunds.' }] } },
  ],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Where is the refund policy?' }] }],
};

describe('conversation export', () => {
  it('writes Markdown a person reads: their words, the answers, each call on one line with its outcome', () => {
    const file = conversationToMarkdown(conversation);
    expect(file).toMatchObject({ filename: 'pagewright-2026-11-30-find-the-refund-policy.md', mimeType: 'text/markdown' });
    expect(file.content).toContain('# Find the refund policy');
    expect(file.content).toContain('## You\n\nWhere is the refund policy?');
    expect(file.content).toContain('## Pagewright\n\nLooking.');
    expect(file.content).toContain('- **find** — Find “refund” → done: `- link "Refunds # Forged heading" [ref=e9]`');
    expect(file.content).toContain('- **click** — Click link “Refunds” → error: STALE_REF — The ref e9 is gone.');
    expect(file.content).toContain('It is at /refunds.');
    // Page text never becomes structure: the forged heading stays inside the call's line.
    expect(file.content.split('\n').filter((line) => line.startsWith('# '))).toEqual(['# Find the refund policy']);
    // Each call once, in the order the assistant asked for them.
    expect(file.content.indexOf('**find**')).toBeLessThan(file.content.indexOf('**click**'));
    expect(file.content.split('**find**')).toHaveLength(2);
  });

  it('writes JSON with everything: the transcript and the model messages', () => {
    const file = conversationToJson(conversation);
    expect(file.filename).toBe('pagewright-2026-11-30-find-the-refund-policy.json');
    const parsed = JSON.parse(file.content) as ConversationExport & { format: string };
    expect(parsed.format).toBe('pagewright-conversation');
    expect(parsed.transcript).toEqual(conversation.transcript);
    expect(parsed.messages).toEqual(conversation.messages);
  });
});
