/**
 * The service worker entry: wires the run manager to side-panel ports, one-shot requests (popup,
 * settings), context menus and the keyboard shortcut. Every listener is registered synchronously at
 * the top level, so events that wake a stopped worker are delivered.
 */
import browser, { type Runtime } from 'webextension-polyfill';
import { messageOf } from '../runtime/errors.js';
import { buildToolPool } from '../runtime/registry.js';
import { decorateBridge } from '../runtime/browser.js';
import { PANEL_PORT_NAME, panelToWorkerSchema } from '../shared/protocol/panel.js';
import { answerWorkerRequest, isWorkerRequest } from '../shared/protocol/requests.js';
import { parseSettings } from '../shared/settings.js';
import { createConversationStore } from '../storage/conversations.js';
import { openDatabase } from '../storage/database.js';
import { createGrantStore } from '../storage/grants.js';
import { createIdbMemoryStore } from '../storage/memory.js';
import { createIdbResultStore } from '../storage/results.js';
import { createActivityStore } from '../storage/activity.js';
import { builtInTools } from '../tools/index.js';
import { installBenchHook } from './bench-hook.js';
import { createBrowserBridge } from './browser-bridge.js';
import { extensionLandingGuards } from './landing-guard.js';
import { createMenuClickHandler, menuItems } from './context-menus.js';
import { installInputBenchHook } from './input-bench-hook.js';
import { withPageInput } from './input-bridge.js';
import { createKeepAlive } from './keepalive.js';
import { modelFor } from './model-for-settings.js';
import { mcpServers, poolWithMcpTools, startMcpServers } from './mcp-pool.js';
import type { NavigationEvents } from './page-watch.js';
import { notice, type PanelLink } from './panels.js';
import { routePanelMessage } from './panel-router.js';
import { createRequestHandlers } from './requests.js';
import { createBrowserInput } from './page-input-choice.js';
import { openSidePanel, panelHost } from './panel-host.js';
import { RunManager } from './run-manager.js';
import type { SettingsResult } from './run-settings.js';
import { isOwnExtensionPage } from './senders.js';
import { settingsArea } from './settings-area.js';
import { installExternalAgents, saveAgentSettings } from './external/install.js';
import { installSchedules } from './schedule-install.js';

// First thing, at every start: the settings (with the API key) are for the extension only, not content scripts.
void settingsArea.isolate((error) => console.warn('Pagewright: could not keep the settings from content scripts', error));

const loadSettings = async (): Promise<SettingsResult> => parseSettings(await settingsArea.read());
/** This extension's pages' origin (Firefox's is a uuid, not the id): only senders from here are obeyed. */
const ownOrigin = browser.runtime.getURL('');

const database = openDatabase();
const memory = createIdbMemoryStore(database);
const grants = createGrantStore(database);
const resultStore = createIdbResultStore(database);
const activity = createActivityStore(database);
const landingGuards = extensionLandingGuards();
// Session rules outlive a stopped worker: a guard cut off by the stop must not keep holding its tab.
void landingGuards?.clearStale().catch((error: unknown) => console.warn('Pagewright: could not clear old landing rules', error));
// Chrome: trusted input through the DevTools Protocol, attached per tab while a run acts on it (README:
// "debugger"), and the developer tools' capture on the same session; Firefox: synthetic events, said in
// every result, and no developer tools.
const { input, devtools } = createBrowserInput(chrome.webNavigation as unknown as NavigationEvents);
const bridge = decorateBridge(withPageInput(createBrowserBridge({ landingGuards }), input), devtools ? { devtools } : {});
const manager = new RunManager({
  conversations: createConversationStore(database),
  grants,
  resultStore,
  memory,
  browser: bridge,
  activity,
  loadSettings,
  createModel: (endpoint) => modelFor(endpoint),
  getTools: (permissions, options) => poolWithMcpTools(builtInTools(), permissions, options),
  keepAlive: createKeepAlive(() => browser.runtime.getPlatformInfo()),
  // The debugger leaves every tab the run used when it ends (finished, failed, or the person pressed Stop).
  onRunEnded: (runId) => void input.release(runId),
});
// MCP servers connect at every worker start (and again when settings change, below); Settings hears every state change.
startMcpServers(async () => {
  const settings = await loadSettings();
  return settings.ok ? settings.settings.mcpServers : undefined;
});
mcpServers.onChange((servers) => manager.panels.toAll({ type: 'mcp_states', servers }));
// Coding agents over MCP: the helper runs only while Settings → Coding agents is on (external/).
const externalAgents = installExternalAgents({
  manager,
  grants,
  // The same pool (deny → mode → isEnabled) without the person's MCP servers, which outside sessions do not get.
  getTools: (permissions, options) => buildToolPool(builtInTools(), [], permissions, options),
  settings: async () => {
    const settings = await loadSettings();
    return settings.ok ? settings.settings : undefined;
  },
});
// Shortcuts (`/name` in the panel) and their schedules (alarms, background tabs, notifications).
const schedules = installSchedules(manager, loadSettings);
// Bench builds only (`vite build --mode bench`, bench/dispatch.bench.ts): a dispatch timer; a no-op in every other build.
installBenchHook(bridge);
installInputBenchHook(bridge);

// ---------- side panels (ports) ----------

browser.runtime.onConnect.addListener((port: Runtime.Port) => {
  if (port.name !== PANEL_PORT_NAME) return;
  // Only our own pages may drive runs (see senders.ts): a content script's port is dropped at once.
  if (!isOwnExtensionPage(port.sender ?? {}, browser.runtime.id, ownOrigin)) {
    port.disconnect();
    return;
  }
  const link: PanelLink = {
    post: (message) => port.postMessage(message),
  };
  manager.attach(link);
  port.onMessage.addListener((raw: unknown) => {
    const parsed = panelToWorkerSchema.safeParse(raw);
    if (!parsed.success) {
      link.post(
        notice('INVALID_MESSAGE', `The worker rejected a malformed message: ${parsed.error.issues[0]?.message ?? 'invalid'}`, 'Reload the side panel.'),
      );
      return;
    }
    routePanelMessage(manager, link, parsed.data, { run: schedules.runShortcut }).catch((error: unknown) => {
      link.post(notice('INTERNAL', `Something failed in the extension: ${messageOf(error)}`, 'Try again; reload the side panel if it repeats.'));
    });
  });
  port.onDisconnect.addListener(() => manager.detach(link));
});

// ---------- one-shot requests (popup, settings lists, stored results) ----------

const handlers = createRequestHandlers({
  manager,
  grants,
  memory,
  resultStore,
  activity,
  mcp: mcpServers,
  loadSettings,
  openSidePanel,
  estimateStorage: async () => {
    const { usage = 0, quota = 0 } = await navigator.storage.estimate();
    return { usage, quota };
  },
  externalAgents: { agents: externalAgents, saveAgentSettings },
  scheduleStates: schedules.states,
});

browser.runtime.onMessage.addListener((raw: unknown, sender: Runtime.MessageSender) => {
  // Only our own pages may ask (see senders.ts); anything else gets no answer at all.
  if (!isOwnExtensionPage(sender, browser.runtime.id, ownOrigin)) return undefined;
  // A message that is not a worker request is left to any other listener.
  if (!isWorkerRequest(raw)) return undefined;
  return answerWorkerRequest(raw, handlers);
});

// ---------- context menus, shortcut, settings ----------

let menusBuilt: Promise<void> = Promise.resolve();
/** Recreates the menus from the settings; rebuilds run one after another (ids would clash otherwise). */
function rebuildMenus(): Promise<void> {
  menusBuilt = menusBuilt
    .catch(() => undefined)
    .then(async () => {
      const settings = await loadSettings();
      await browser.contextMenus.removeAll();
      for (const item of menuItems(settings.ok ? settings.settings : undefined)) {
        browser.contextMenus.create({ id: item.id, title: item.title, contexts: item.contexts });
      }
    });
  return menusBuilt;
}

const onMenuClick = createMenuClickHandler({
  openSidePanel,
  startRun: (tabId, prompt) => manager.quickAction(tabId, prompt),
  getSettings: async () => {
    const settings = await loadSettings();
    return settings.ok ? settings.settings : undefined;
  },
  report: (error) => console.warn('Pagewright: context menu action failed', error),
});
chrome.contextMenus.onClicked.addListener((info, tab) => void onMenuClick(info, tab));

chrome.commands.onCommand.addListener((command, tab) => {
  if (command !== 'open-side-panel' || !tab) return;
  // Synchronously, inside the shortcut's user gesture.
  openSidePanel({ ...(tab.id !== undefined ? { tabId: tab.id } : {}), windowId: tab.windowId }).catch((error: unknown) =>
    console.warn('Pagewright: could not open the side panel', error),
  );
});

browser.runtime.onInstalled.addListener((details) => {
  void panelHost.configure(details).catch(() => undefined);
  void rebuildMenus().catch((error: unknown) => console.warn('Pagewright: could not create the context menus', error));
});

browser.tabs.onRemoved.addListener((tabId) => void manager.forgetTab(tabId).catch(() => undefined));
browser.runtime.onStartup.addListener(() => void manager.forgetTab(undefined).catch(() => undefined));

settingsArea.onChange((value) => {
  void rebuildMenus().catch(() => undefined);
  void schedules.scheduler.sync();
  const parsed = parseSettings(value);
  if (parsed.ok) void mcpServers.sync(parsed.settings.mcpServers);
  if (!parsed.ok) manager.panels.toAll(notice('SETTINGS_INVALID', parsed.message, parsed.suggestion));
});
