/**
 * The demo model: "try it without a key". It runs inside the worker, so a person who loaded the
 * extension by hand gets it as well as `npm start -- --mock` does. It is not a language model: it echoes
 * what the person says, and for a few requests about the page it makes one real tool call first
 * (get_page_text, read_page or find), so the demo shows a tool round trip through the content script,
 * the permission system and the transcript. It reports no tokens: a demo costs nothing.
 */
import { createScriptedClient, type ScriptedReply } from '../runtime/model/scripted.js';
import type { Message, ModelClient, ModelRequest, ModelStreamEvent } from '../runtime/model/types.js';
import { pageTextWords } from '../shared/words.js';

/** The model id the demo reports (Settings and the transcript say "demo"). */
export const DEMO_MODEL_ID = 'demo';

/** What every demo reply that is not an echo ends with, so nobody mistakes it for a real model. */
const CONNECT = 'A real model would do the work: set one up with your API key in Settings → Model.';

/** A demo answer: words, and at most one tool call. */
export interface DemoReply {
  text: string;
  toolCalls?: Array<{ name: string; input: Record<string, unknown> }>;
}

type ToolResult = { name: string; text: string; isError: boolean };

/** The newest turn's tool results, with the name of the tool each answers. */
function lastToolResults(messages: readonly Message[]): ToolResult[] {
  const last = messages.at(-1);
  if (!last || last.role !== 'user') return [];
  const names = new Map<string, string>();
  for (const message of messages) for (const block of message.content) if (block.type === 'tool_use') names.set(block.id, block.name);
  return last.content.flatMap((block) =>
    block.type === 'tool_result'
      ? [
          {
            name: names.get(block.tool_use_id) ?? 'tool',
            text: block.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n'),
            isError: block.is_error === true,
          },
        ]
      : [],
  );
}

/** The person's last words (the newest user message made only of text). */
function lastPersonText(messages: readonly Message[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== 'user') continue;
    const texts = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : []));
    if (texts.length === message.content.length && texts.length > 0) return texts.join('\n').trim();
  }
  return '';
}

/** What the demo says about a tool's result, in the words the panel uses (never a tool id: a person reads it). */
function afterTool(result: ToolResult): string {
  if (result.isError) return `(demo model) That did not work: ${result.text.slice(0, 300)}`;
  if (result.name === 'get_page_text') {
    const heading = /^#+ (.+)$/m.exec(result.text)?.[1] ?? result.text.split('\n').find((line) => line.trim() !== '') ?? '';
    return `(demo model) I read the page's text: “${heading.trim().slice(0, 120)}”, ${pageTextWords(result.text).toLocaleString('en')} words. ${CONNECT}`;
  }
  if (result.name === 'read_page') {
    const controls = (result.text.match(/\[ref=[a-z0-9]+\]/gi) ?? []).length;
    return `(demo model) I looked at the page's controls: ${controls.toLocaleString('en')} things on it can be clicked or filled in. ${CONNECT}`;
  }
  const matches = (result.text.match(/\[ref=[a-z0-9]+\]/gi) ?? []).length;
  return `(demo model) I searched the page: ${matches} match${matches === 1 ? '' : 'es'}. ${CONNECT}`;
}

/** The demo's whole behaviour, as a pure function of the conversation so far. */
export function demoReply(messages: readonly Message[]): DemoReply {
  const [result] = lastToolResults(messages);
  if (result) return { text: afterTool(result) };
  const said = lastPersonText(messages);
  const find = /\bfind\s+(?:the\s+)?(.{2,60}?)(?:\s+on this page)?[.?!]*$/i.exec(said);
  if (find?.[1]) return { text: 'Let me search the page.', toolCalls: [{ name: 'find', input: { query: find[1] } }] };
  if (/\b(links?|buttons?|controls?|what can i do)\b/i.test(said)) {
    return { text: 'Let me look at what is on the page.', toolCalls: [{ name: 'read_page', input: { filter: 'interactive' } }] };
  }
  if (/\b(summari[sz]e|read)\b|\bthis page\b/i.test(said)) {
    return { text: 'Let me read the page.', toolCalls: [{ name: 'get_page_text', input: { main_content: true } }] };
  }
  return {
    text: said
      ? `(demo model) You said: ${said}`
      : '(demo model) Hello! I am the demo model: I echo what you say and can read this page. Set up a real model in Settings to do real work.',
  };
}

/** A `ModelClient` that answers with `demoReply`, streamed like a real one, using no tokens. */
export function createDemoModelClient(): ModelClient {
  return {
    provider: 'demo',
    model: DEMO_MODEL_ID,
    stream(request: ModelRequest): AsyncIterable<ModelStreamEvent> {
      const reply = demoReply(request.messages);
      // Tool-use ids must be unique in the conversation; a scripted client numbers from 1 each time.
      const toolCalls = reply.toolCalls?.map((call) => ({ ...call, id: `toolu_demo_${crypto.randomUUID()}` }));
      const step: ScriptedReply = { ...reply, ...(toolCalls ? { toolCalls } : {}), usage: { inputTokens: 0, outputTokens: 0 } };
      return createScriptedClient([step], { model: DEMO_MODEL_ID }).stream(request);
    },
  };
}
