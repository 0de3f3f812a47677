/**
 * IndexedDB bytes written per step of a run, against the size of the conversation at that step: a
 * scripted 30-step run through the real RunManager, run session, loop and stores (fake-indexeddb in Node,
 * so this counts what our code asks the database to write, not the browser's disk). Each step calls a tool
 * whose result is ~6 KB. Printed per step: the transcript so far (model messages and panel entries) and
 * the bytes written during the step; the ratio at the last step says whether a step's writes follow the
 * step (flat) or the whole conversation (growing, as when every checkpoint rewrote the transcript).
 */
import 'fake-indexeddb/auto';
import { z } from 'zod';
import { RunManager } from '../src/background/run-manager.js';
import { routePanelMessage } from '../src/background/panel-router.js';
import type { PanelLink } from '../src/background/panels.js';
import { createMemoryResultStore } from '../src/runtime/budget.js';
import { createScriptedClient, type ScriptedStep } from '../src/runtime/model/scripted.js';
import { buildTool } from '../src/runtime/tool.js';
import { parseSettings } from '../src/shared/settings.js';
import { createConversationStore } from '../src/storage/conversations.js';
import { openDatabase } from '../src/storage/database.js';
import { createGrantStore } from '../src/storage/grants.js';

const STEPS = Number(process.env['STEPS'] ?? 30);

let written = 0;
const put = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function countedPut(this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
  written += JSON.stringify(value)?.length ?? 0;
  return put.call(this, value, key);
};

const lookup = buildTool({
  name: 'lookup',
  prompt: 'Looks something up (bench tool).',
  inputSchema: z.object({ n: z.number() }),
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  call: async (input) => ({ data: `Result ${input.n}: ${'lorem ipsum dolor sit amet '.repeat(220)}` }),
});

const rows: Array<{ step: number; conversation: number; written: number }> = [];
let lastWritten = 0;
const steps: ScriptedStep[] = Array.from({ length: STEPS }, (_, i) => (request) => {
  const conversation = JSON.stringify(request.messages).length;
  rows.push({ step: i, conversation, written: written - lastWritten });
  lastWritten = written;
  return { text: `Step ${i}.`, toolCalls: [{ id: `t${i}`, name: 'lookup', input: { n: i } }] };
});
steps.push({ text: 'Done.' });

const database = openDatabase(`bench-storage-${Date.now()}`);
const manager = new RunManager({
  conversations: createConversationStore(database),
  grants: createGrantStore(database),
  resultStore: createMemoryResultStore(),
  loadSettings: async () => parseSettings({ anthropic: { apiKey: 'k' }, permissionMode: 'auto', maxTurns: 200 }),
  createModel: () => createScriptedClient(steps),
  getTools: () => [lookup],
});
const link: PanelLink = { post: () => undefined };
manager.attach(link);
await routePanelMessage(manager, link, { type: 'bind_tab', tabId: 1 });
const conversationId = link.conversationId as string;
await routePanelMessage(manager, link, { type: 'send_message', conversationId, text: 'Look up 30 things.' });
await manager.settled(conversationId);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`IndexedDB bytes written per step (${STEPS} steps, each ~6 KB of result):`);
console.log('step  conversation so far  written this step');
for (const row of rows.slice(1)) console.log(`${String(row.step).padStart(4)}  ${kb(row.conversation).padStart(19)}  ${kb(row.written).padStart(17)}`);
const early = rows.slice(1, 6);
const late = rows.slice(-5);
const mean = (list: typeof rows, key: 'conversation' | 'written') => list.reduce((sum, row) => sum + row[key], 0) / list.length;
console.log(
  `\nwritten per step, last 5 vs first 5 steps: ${(mean(late, 'written') / mean(early, 'written')).toFixed(2)}× (flat ≈ 1: proportional to the step)`,
);
console.log(
  `conversation size, last 5 vs first 5 steps: ${(mean(late, 'conversation') / mean(early, 'conversation')).toFixed(2)}× (what a whole rewrite would follow)`,
);
console.log(
  `last step: wrote ${kb(late.at(-1)?.written ?? 0)} while the conversation held ${kb(late.at(-1)?.conversation ?? 0)} (${((late.at(-1)?.written ?? 0) / (late.at(-1)?.conversation ?? 1)).toFixed(3)}×)`,
);
