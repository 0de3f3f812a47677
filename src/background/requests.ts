/** The worker's answer to each one-shot request (`src/shared/protocol/requests.ts`). */
import type { ResultStore } from '../runtime/budget-types.js';
import type { MemoryStore } from '../runtime/context.js';
import { ToolError } from '../runtime/errors.js';
import type { McpManager } from '../mcp/index.js';
import type { WorkerHandlers } from '../shared/protocol/requests.js';
import type { ActivityStore } from '../storage/activity.js';
import { conversationToJson, conversationToMarkdown } from '../shared/transcript-export.js';
import type { GrantStore } from '../storage/grants.js';
import { testModel } from './model-test.js';
import type { RunManager } from './run-manager.js';
import type { ScheduleStates } from './scheduler.js';
import type { SettingsResult } from './run-settings.js';
import { externalAgentsHandlers, type ExternalAgentsRequestDeps } from './external/requests.js';

export interface RequestDeps {
  manager: RunManager;
  grants: GrantStore;
  memory: MemoryStore;
  resultStore: ResultStore;
  activity: ActivityStore;
  mcp: Pick<McpManager, 'states' | 'reconnect'>;
  loadSettings(): Promise<SettingsResult>;
  openSidePanel(target: { tabId?: number; windowId?: number }): Promise<void>;
  /** The browser's own count for this extension (navigator.storage.estimate). */
  estimateStorage?: () => Promise<{ usage: number; quota: number }>;
  /** Coding agents (Settings → Coding agents, the banner). */
  externalAgents: ExternalAgentsRequestDeps;
  /** The schedules' stored times and results. */
  scheduleStates(): Promise<ScheduleStates>;
  /** The key test; defaults to a real request (tests give their own). */
  testModel?: typeof testModel;
}

export function createRequestHandlers(deps: RequestDeps): WorkerHandlers {
  return {
    'status.get': async () => {
      const settings = await deps.loadSettings();
      return { ...(await deps.manager.status()), settings: settings.ok ? { ok: true as const } : { ok: false as const, message: settings.message } };
    },
    'sidePanel.open': async (target) => {
      await deps.openSidePanel(target);
      return null;
    },
    'quickAction.start': async ({ tabId, prompt }) => {
      const started = await deps.manager.quickAction(tabId, prompt);
      if (started.notice) throw new ToolError(started.notice.code, started.notice.message, { suggestion: started.notice.suggestion });
      return { conversationId: started.conversationId };
    },
    'memory.list': async () => ({ entries: await deps.memory.list() }),
    'memory.delete': async ({ key }) => ({ deleted: await deps.memory.delete(key) }),
    'grants.list': async () => ({ grants: await deps.grants.list() }),
    'grants.revoke': async (grant) => ({ revoked: await deps.grants.revoke(grant) }),
    'mcp.states': async () => ({ servers: deps.mcp.states() }),
    'mcp.reconnect': async ({ name }) => {
      const server = await deps.mcp.reconnect(name);
      if (!server) throw new ToolError('NOT_FOUND', `No MCP server is named "${name}".`, { suggestion: 'Save it in Settings first.' });
      return { server };
    },
    'activity.list': async ({ conversationId }) => ({ entries: await deps.activity.list(conversationId) }),
    'conversations.export': async ({ conversationId, format }) => {
      const conversation = await deps.manager.conversations.get(conversationId);
      if (!conversation) throw new ToolError('NOT_FOUND', 'That conversation no longer exists.', { suggestion: 'Pick another one from the list.' });
      const [transcript, run] = await Promise.all([
        deps.manager.conversations.getTranscript(conversationId),
        deps.manager.conversations.getRun(conversationId),
      ]);
      const data = {
        id: conversation.id,
        title: conversation.title,
        createdAt: conversation.createdAt,
        updatedAt: conversation.updatedAt,
        transcript,
        ...(run ? { messages: run.messages } : {}),
      };
      return format === 'json' ? conversationToJson(data) : conversationToMarkdown(data);
    },
    'storage.usage': async () => {
      const [own, settings, estimate] = await Promise.all([
        deps.manager.conversations.usage(),
        deps.loadSettings(),
        deps.estimateStorage?.().catch(() => undefined),
      ]);
      const capMb = settings.ok ? settings.settings.storageCapMb : 0;
      return { ...own, capBytes: capMb * 1024 * 1024, ...(estimate ? { browser: estimate } : {}) };
    },
    'model.test': async (params) => (deps.testModel ?? testModel)(params),
    'schedules.states': async () => ({ states: await deps.scheduleStates() }),
    'conversations.firstMessage': async ({ conversationId }) => {
      const entries = await deps.manager.conversations.getTranscript(conversationId);
      const first = entries.find((entry) => entry.kind === 'message' && entry.message.role === 'user');
      const text = first?.kind === 'message' ? first.message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n') : '';
      if (text.trim() === '')
        throw new ToolError('NOT_FOUND', 'That conversation has no message to save.', { suggestion: 'Pick a conversation you asked something in.' });
      return { text };
    },
    'results.read': async ({ storedId }) => {
      const record = await deps.resultStore.get(storedId);
      if (!record)
        throw new ToolError('RESULT_NOT_FOUND', 'The full result is no longer stored.', {
          suggestion: 'The browser may have cleared it to save space; run the tool again.',
        });
      return { content: record.content };
    },
    ...externalAgentsHandlers(deps.externalAgents),
  };
}
