import { describe, expect, it } from 'vitest';
import type { Message, ModelStreamEvent } from '../runtime/model/types.js';
import { createDemoModelClient, demoReply } from './demo-model.js';

const person = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });

describe('the demo model', () => {
  it('echoes what the person says, saying it is the demo', () => {
    expect(demoReply([person('Hello there')]).text).toBe('(demo model) You said: Hello there');
  });

  it('reads the page when asked to summarize it, then says what it read', () => {
    const asked = demoReply([person('Summarize this page')]);
    expect(asked.toolCalls).toEqual([{ name: 'get_page_text', input: { main_content: true } }]);
    const after = demoReply([
      person('Summarize this page'),
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'get_page_text', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: '# Cats\n\nCats sleep a lot.' }] }] },
    ]);
    expect(after.text).toMatch(/^\(demo model\) I read the page's text: “Cats”, 5 words\. A real model would do the work/);
    expect(after.toolCalls).toBeUndefined();
  });

  it('looks at the controls, or searches, for the other example requests', () => {
    expect(demoReply([person('What can I do on this page?')]).toolCalls).toEqual([{ name: 'read_page', input: { filter: 'interactive' } }]);
    expect(demoReply([person('Find the contact details on this page')]).toolCalls).toEqual([{ name: 'find', input: { query: 'contact details' } }]);
  });

  it('streams like a model, with unique tool-use ids and no tokens used', async () => {
    const client = createDemoModelClient();
    const done: Extract<ModelStreamEvent, { type: 'message_done' }>[] = [];
    for (let i = 0; i < 2; i++) {
      for await (const event of client.stream({ system: '', tools: [], messages: [person('read this page')], signal: new AbortController().signal })) {
        if (event.type === 'message_done') done.push(event);
      }
    }
    const ids = done.flatMap((event) => event.message.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : [])));
    expect(new Set(ids).size).toBe(2);
    expect(done[0]?.usage).toEqual({ inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0 });
    expect(client.model).toBe('demo');
  });
});
