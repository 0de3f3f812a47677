/**
 * How much of each request's prompt prefix stays byte-identical from one request to the next (what a
 * provider's prompt cache can reuse), over a conversation of three messages in which the model uses a
 * deferred tool (memory_write) each time. Measured in Anthropic's cache order (tools → system → messages,
 * as buildAnthropicBody sends them, cache_control markers left out), through the real loop and the real
 * tool list, with a scripted model that calls tool_search only when the tool is not in its request.
 *   before: found tools were forgotten at every new message (each run started with none loaded);
 *   after:  found tools last for the whole conversation.
 * Printed: bytes sent, bytes identical with the previous request, per request and in total, and the ratio.
 * Run: `npx tsx bench/prefix.bench.ts` (or `npm run bench -- prefix`).
 */
import { createMemoryResultStore } from '../src/runtime/budget.js';
import { createRootContext, initialAppState, type AppState, type MemoryStore } from '../src/runtime/context.js';
import { runAgent } from '../src/runtime/loop.js';
import { buildAnthropicBody } from '../src/runtime/model/anthropic.js';
import { createScriptedClient, type RecordedModelRequest, type ScriptedStep } from '../src/runtime/model/scripted.js';
import type { Message } from '../src/runtime/model/types.js';
import { appendPersonMessage } from '../src/runtime/steering.js';
import { builtInTools } from '../src/tools/index.js';
import { FakeBrowser } from '../tests/support/fake-browser.js';

const tools = builtInTools();
const notes = new Map<string, { key: string; value: string; updatedAt: number }>();
const memory: MemoryStore = {
  list: async () => [...notes.values()],
  get: async (key) => notes.get(key),
  set: async (key, value) => void notes.set(key, { key, value, updatedAt: 0 }),
  delete: async (key) => notes.delete(key),
};

/** The model: loads memory_write when its request lacks it, then writes one note, then answers. */
const step: ScriptedStep = (request) => {
  const assistant = request.messages.findLast((message) => message.role === 'assistant');
  const wrote = request.messages.at(-1)?.role === 'user' && assistant?.content.some((b) => b.type === 'tool_use' && b.name === 'memory_write');
  if (wrote) return { text: 'Noted.' };
  if (!request.tools.some((spec) => spec.name === 'memory_write')) return { toolCalls: [{ name: 'tool_search', input: { query: 'select:memory_write' } }] };
  return { toolCalls: [{ name: 'memory_write', input: { key: `note-${request.messages.length}`, value: 'The person prefers window seats.' } }] };
};

/** The bytes a prompt cache sees, in its order: tools, then system, then messages. */
function cacheOrder(request: RecordedModelRequest): string {
  const body = buildAnthropicBody('model', request) as { tools?: unknown; system?: unknown; messages: unknown };
  const strip = (_key: string, value: unknown) => (_key === 'cache_control' ? undefined : value);
  return [JSON.stringify(body.tools ?? [], strip), JSON.stringify(body.system ?? [], strip), JSON.stringify(body.messages, strip)].join('');
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

async function conversation(keepFound: boolean): Promise<RecordedModelRequest[]> {
  const requests: RecordedModelRequest[] = [];
  let messages: Message[] = [];
  let appState: AppState = initialAppState();
  for (const said of ['Remember that I like window seats.', 'Also remember I fly from Lisbon.', 'And that I travel light.']) {
    const model = createScriptedClient(Array.from({ length: 4 }, () => step));
    messages = appendPersonMessage(messages, said);
    const context = createRootContext({
      agentId: 'bench',
      resultStore: createMemoryResultStore(),
      permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
      tools,
      browser: new FakeBrowser(),
      currentTabId: 1,
      memory,
      appState: keepFound ? appState : initialAppState(),
    });
    const result = await runAgent({
      runId: 'bench',
      model,
      system: 'You are a bench.',
      messages,
      context,
      canUseTool: async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: '' } }),
      onEvent: () => {},
    });
    messages = result.messages;
    appState = result.context.getAppState();
    requests.push(...model.requests);
  }
  return requests;
}

function report(label: string, requests: RecordedModelRequest[]): { sent: number; reused: number } {
  let sent = 0;
  let reused = 0;
  const rows: string[] = [];
  let previous = '';
  for (const [index, request] of requests.entries()) {
    const bytes = cacheOrder(request);
    const same = commonPrefix(previous, bytes);
    sent += bytes.length;
    reused += same;
    rows.push(`#${index + 1} ${String(bytes.length).padStart(6)} B, ${String(same).padStart(6)} identical (${((same / bytes.length) * 100).toFixed(0)}%)`);
    previous = bytes;
  }
  console.log(`${label}: ${requests.length} requests`);
  console.log(`  ${rows.join('\n  ')}`);
  console.log(
    `  total ${sent.toLocaleString('en-US')} B sent, ${reused.toLocaleString('en-US')} B identical with the request before (${((reused / sent) * 100).toFixed(1)}%)`,
  );
  return { sent, reused };
}

const before = report('before (found tools forgotten at each new message)', await conversation(false));
const after = report('after (found tools last for the conversation)', await conversation(true));
console.log(
  `requests: ${after.sent < before.sent ? 'fewer' : 'as many'}; bytes sent after/before ${(after.sent / before.sent).toFixed(2)}×; bytes not reusable after/before ${((after.sent - after.reused) / (before.sent - before.reused)).toFixed(2)}×`,
);
