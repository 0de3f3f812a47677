/** A RunManager on fake-indexeddb with a scripted model and small test tools, and a panel link that records what it is sent. */
import 'fake-indexeddb/auto';
import { z } from 'zod';
import { createMemoryResultStore } from '../../src/runtime/budget.js';
import { createScriptedClient, type ScriptedStep } from '../../src/runtime/model/scripted.js';
import type { BrowserBridge } from '../../src/runtime/browser.js';
import { buildTool, type Tools } from '../../src/runtime/tool.js';
import type { PanelToWorker, WorkerToPanel } from '../../src/shared/protocol/panel.js';
import { parseSettings } from '../../src/shared/settings.js';
import { createConversationStore } from '../../src/storage/conversations.js';
import { openDatabase } from '../../src/storage/database.js';
import { createGrantStore } from '../../src/storage/grants.js';
import { routePanelMessage } from '../../src/background/panel-router.js';
import type { PanelLink } from '../../src/background/panels.js';
import { RunManager } from '../../src/background/run-manager.js';

let dbCounter = 0;

/** A manager with the tools front, look, note and post, bound to nothing yet. */
export function setup(steps: ScriptedStep[], options: { settings?: unknown; dbName?: string; browser?: BrowserBridge; extraTools?: Tools } = {}) {
  const database = openDatabase(options.dbName ?? `test-${++dbCounter}-${Math.random()}`);
  const store = createConversationStore(database);
  const grants = createGrantStore(database);
  const model = createScriptedClient(steps);
  const calls: string[] = [];
  const note = buildTool({
    name: 'note',
    prompt: 'Writes a note (test tool).',
    inputSchema: z.object({ text: z.string() }),
    call: async (input: { text: string }) => {
      calls.push(input.text);
      return { data: `noted ${input.text}` };
    },
  });
  const look = buildTool({
    name: 'look',
    prompt: 'Looks (test tool).',
    inputSchema: z.object({}),
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    call: async () => ({ data: 'looked' }),
  });
  const front = buildTool({
    name: 'front',
    prompt: 'Brings a tab to the front (test tool).',
    inputSchema: z.object({ tab_id: z.number() }),
    call: async (input: { tab_id: number }, context) => ({ data: await context.browser!.activateTab(input.tab_id) }),
  });
  // A call that changes something on the site in its input: what "always allow on this site" covers.
  const post = buildTool({
    name: 'post',
    prompt: 'Posts to a site (test tool).',
    inputSchema: z.object({ url: z.string() }),
    permissionSubject: (input: { url: string }) => input.url,
    call: async (input: { url: string }) => {
      calls.push(`post ${input.url}`);
      return { data: 'posted' };
    },
  });
  const manager = new RunManager({
    ...(options.browser ? { browser: options.browser } : {}),
    conversations: store,
    grants,
    resultStore: createMemoryResultStore(),
    loadSettings: async () => parseSettings(options.settings ?? { anthropic: { apiKey: 'k' } }),
    createModel: () => model,
    getTools: () => [front, look, note, post, ...(options.extraTools ?? [])],
  });
  const posted: WorkerToPanel[] = [];
  const link: PanelLink = { post: (m) => posted.push(structuredClone(m)) };
  manager.attach(link);
  const handle = (from: PanelLink, message: PanelToWorker) => routePanelMessage(manager, from, message);
  return { store, grants, model, calls, manager, posted, link, handle };
}

/** The posted messages of one type. */
export const ofType = <T extends WorkerToPanel['type']>(posted: WorkerToPanel[], type: T) =>
  posted.filter((m): m is Extract<WorkerToPanel, { type: T }> => m.type === type);
