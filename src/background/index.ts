/**
 * The service worker entry: wires the run manager to side-panel ports, one-shot requests (popup,
 * settings), context menus and the keyboard shortcut. Every listener is registered synchronously at
 * the top level, so events that wake a stopped worker are delivered.
 */
import browser, { type Runtime } from 'webextension-polyfill';
import { PANEL_PORT_NAME, panelToWorkerSchema } from '../shared/protocol/panel.js';
import { answerWorkerRequest, isWorkerRequest } from '../shared/protocol/requests.js';
import { parseSettings, SETTINGS_STORAGE_KEY } from '../shared/settings.js';
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
import { CdpInput, chromeDebuggerApi } from './cdp-input.js';
import { configureSidePanel, openSidePanel } from './chrome-only.js';
import { createMenuClickHandler, menuItems } from './context-menus.js';
import { installInputBenchHook } from './input-bench-hook.js';
import { createPageInput, withPageInput } from './input-bridge.js';
import { createKeepAlive } from './keepalive.js';
import { modelForSettings } from './model-for-settings.js';
import { mcpServers, poolWithMcpTools, startMcpServers } from './mcp-pool.js';
import type { NavigationEvents } from './page-watch.js';
import { notice, type PanelLink } from './panels.js';
import { routePanelMessage } from './panel-router.js';
import { createRequestHandlers } from './requests.js';
import { RunManager } from './run-manager.js';
import type { SettingsResult } from './run-settings.js';
import { isOwnExtensionPage } from './senders.js';
import { restrictStorageToExtension } from './storage-access.js';

// First thing, at every start: the settings (with the API key) are for the extension only, not content scripts.
void restrictStorageToExtension(chrome.storage.local, (error) => console.warn('Pagewright: could not restrict chrome.storage.local to the extension', error));

const loadSettings = async (): Promise<SettingsResult> => parseSettings((await browser.storage.local.get(SETTINGS_STORAGE_KEY))[SETTINGS_STORAGE_KEY]);

const database = openDatabase();
const memory = createIdbMemoryStore(database);
const grants = createGrantStore(database);
const resultStore = createIdbResultStore(database);
const activity = createActivityStore(database);
const landingGuards = extensionLandingGuards();
// Session rules outlive a stopped worker: a guard cut off by the stop must not keep holding its tab.
void landingGuards?.clearStale().catch((error: unknown) => console.warn('Pagewright: could not clear old landing rules', error));
// Trusted input: the DevTools Protocol, attached per tab while a run acts on it (README: "debugger").
let isMac = false;
void chrome.runtime.getPlatformInfo().then(
  (info) => (isMac = info.os === 'mac'),
  () => undefined,
);
const cdp = new CdpInput(chromeDebuggerApi(chrome.debugger), { isMac: () => isMac });
const bridge = withPageInput(createBrowserBridge({ landingGuards }), createPageInput(cdp, chrome.webNavigation as unknown as NavigationEvents));
const manager = new RunManager({
  conversations: createConversationStore(database),
  grants,
  resultStore,
  memory,
  browser: bridge,
  activity,
  loadSettings,
  createModel: (settings) => modelForSettings(settings),
  getTools: (permissions, options) => poolWithMcpTools(builtInTools(), permissions, options),
  keepAlive: createKeepAlive(() => browser.runtime.getPlatformInfo()),
  // The debugger leaves every tab the run used when it ends (finished, failed, or the person pressed Stop).
  onRunEnded: (runId) => void cdp.release(runId),
});
// MCP servers connect at every worker start (and again when settings change, below); Settings hears every state change.
startMcpServers(async () => {
  const settings = await loadSettings();
  return settings.ok ? settings.settings.mcpServers : undefined;
});
mcpServers.onChange((servers) => manager.panels.toAll({ type: 'mcp_states', servers }));
// Bench builds only (`vite build --mode bench`, bench/dispatch.bench.ts): a dispatch timer; a no-op in every other build.
installBenchHook(bridge);
installInputBenchHook(bridge);

// ---------- side panels (ports) ----------

browser.runtime.onConnect.addListener((port: Runtime.Port) => {
  if (port.name !== PANEL_PORT_NAME) return;
  // Only our own pages may drive runs (see senders.ts): a content script's port is dropped at once.
  if (!isOwnExtensionPage(port.sender ?? {}, browser.runtime.id)) {
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
    routePanelMessage(manager, link, parsed.data).catch((error: unknown) => {
      link.post(
        notice(
          'INTERNAL',
          `Something failed in the extension: ${error instanceof Error ? error.message : String(error)}`,
          'Try again; reload the side panel if it repeats.',
        ),
      );
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
});

browser.runtime.onMessage.addListener((raw: unknown, sender: Runtime.MessageSender) => {
  // Only our own pages may ask (see senders.ts); anything else gets no answer at all.
  if (!isOwnExtensionPage(sender, browser.runtime.id)) return undefined;
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

browser.runtime.onInstalled.addListener(() => {
  void configureSidePanel().catch(() => undefined);
  void rebuildMenus().catch((error: unknown) => console.warn('Pagewright: could not create the context menus', error));
});

browser.tabs.onRemoved.addListener((tabId) => void manager.forgetTab(tabId).catch(() => undefined));
browser.runtime.onStartup.addListener(() => void manager.forgetTab(undefined).catch(() => undefined));

browser.storage.onChanged.addListener((changes, area) => {
  if (area !== 'local' || !(SETTINGS_STORAGE_KEY in changes)) return;
  void rebuildMenus().catch(() => undefined);
  const parsed = parseSettings(changes[SETTINGS_STORAGE_KEY]?.newValue);
  if (parsed.ok) void mcpServers.sync(parsed.settings.mcpServers);
  if (!parsed.ok) manager.panels.toAll(notice('SETTINGS_INVALID', parsed.message, parsed.suggestion));
});
