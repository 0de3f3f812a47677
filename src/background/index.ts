/**
 * The service worker entry: wires the run manager to side-panel ports, one-shot requests (popup,
 * settings), context menus and the keyboard shortcut. Every listener is registered synchronously at
 * the top level, so events that wake a stopped worker are delivered.
 */
import browser, { type Runtime } from 'webextension-polyfill';
import { createIdbResultStore } from '../runtime/budget.js';
import { createModelClient } from '../runtime/model/index.js';
import { getTools } from '../runtime/registry.js';
import { createIdbMemoryStore } from '../shared/memory-store.js';
import { PANEL_PORT_NAME, panelToWorkerSchema, workerRequestSchema, type WorkerRequest, type WorkerResponse } from '../shared/protocol.js';
import { parseSettings, SETTINGS_STORAGE_KEY } from '../shared/settings.js';
import { installBenchHook } from './bench-hook.js';
import { installInputBenchHook } from './input-bench-hook.js';
import { createBrowserBridge } from './browser-bridge.js';
import { CdpInput, chromeDebuggerApi } from './cdp-input.js';
import { configureSidePanel, openSidePanel } from './chrome-only.js';
import { createMenuClickHandler, menuItems } from './context-menus.js';
import { createPagewrightStore } from './db.js';
import { createPageInput, withPageInput } from './input-bridge.js';
import { createKeepAlive } from './keepalive.js';
import type { NavigationEvents } from './page-watch.js';
import { RunManager, type PanelLink, type SettingsResult } from './run-manager.js';
import { isOwnExtensionPage } from './senders.js';
import { restrictStorageToExtension } from './storage-access.js';

// First thing, at every start: the settings (with the API key) are for the extension only, not content scripts.
void restrictStorageToExtension(chrome.storage.local, (error) =>
  console.warn('Pagewright: could not restrict chrome.storage.local to the extension', error),
);

const loadSettings = async (): Promise<SettingsResult> => parseSettings((await browser.storage.local.get(SETTINGS_STORAGE_KEY))[SETTINGS_STORAGE_KEY]);

const memory = createIdbMemoryStore();
// Trusted input: the DevTools Protocol, attached per tab while a run acts on it (README: "debugger").
let isMac = false;
void chrome.runtime.getPlatformInfo().then((info) => (isMac = info.os === 'mac'), () => undefined);
const cdp = new CdpInput(chromeDebuggerApi(chrome.debugger), { isMac: () => isMac });
const bridge = withPageInput(createBrowserBridge(), createPageInput(cdp, chrome.webNavigation as unknown as NavigationEvents));
const store = createPagewrightStore();
const manager = new RunManager({
  store,
  resultStore: createIdbResultStore(),
  memory,
  browser: bridge,
  loadSettings,
  createModel: (settings) => createModelClient(settings),
  getTools: (permissions, options) => getTools(permissions, options),
  keepAlive: createKeepAlive(() => browser.runtime.getPlatformInfo()),
  // The debugger leaves every tab the run used when it ends (finished, failed, or the person pressed Stop).
  onRunEnded: (runId) => void cdp.release(runId),
});
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
      link.post({ type: 'notice', level: 'error', code: 'INVALID_MESSAGE', message: `The worker rejected a malformed message: ${parsed.error.issues[0]?.message ?? 'invalid'}`, suggestion: 'Reload the side panel.' });
      return;
    }
    manager.handlePanelMessage(link, parsed.data).catch((error: unknown) => {
      link.post({ type: 'notice', level: 'error', code: 'INTERNAL', message: `Something failed in the extension: ${error instanceof Error ? error.message : String(error)}`, suggestion: 'Try again; reload the side panel if it repeats.' });
    });
  });
  port.onDisconnect.addListener(() => manager.detach(link));
});

// ---------- one-shot requests (popup, settings view, tests) ----------

async function answer(request: WorkerRequest): Promise<WorkerResponse> {
  switch (request.type) {
    case 'get_status': {
      const settings = await loadSettings();
      return { ok: true, data: { ...(await manager.status()), settings: settings.ok ? { ok: true } : { ok: false, message: settings.message } } };
    }
    case 'open_side_panel':
      // Works only inside a user gesture; the popup opens the panel itself and uses this as a fallback.
      await openSidePanel({ ...(request.tabId !== undefined ? { tabId: request.tabId } : {}), ...(request.windowId !== undefined ? { windowId: request.windowId } : {}) });
      return { ok: true, data: null };
    case 'quick_action': {
      const started = await manager.quickAction(request.tabId, request.prompt);
      if (started.notice) return { ok: false, error: { code: started.notice.code, message: started.notice.message, suggestion: started.notice.suggestion } };
      return { ok: true, data: { conversationId: started.conversationId } };
    }
    case 'save_settings':
      await browser.storage.local.set({ [SETTINGS_STORAGE_KEY]: request.settings });
      return { ok: true, data: null };
    case 'list_memory':
      return { ok: true, data: await memory.list() };
    case 'delete_memory':
      return { ok: true, data: { deleted: await memory.delete(request.key) } };
    case 'list_grants':
      return { ok: true, data: { grants: await store.listGrants() } };
    case 'revoke_grant':
      return { ok: true, data: { revoked: await store.revokeGrant({ origin: request.origin, tool: request.tool }) } };
  }
}

browser.runtime.onMessage.addListener((raw: unknown, sender: Runtime.MessageSender) => {
  if (!isOwnExtensionPage(sender, browser.runtime.id)) return undefined;
  const parsed = workerRequestSchema.safeParse(raw);
  if (!parsed.success) return undefined; // not a worker request (e.g. a message between other contexts)
  return answer(parsed.data).catch(
    (error: unknown): WorkerResponse => ({
      ok: false,
      error: {
        code: typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : 'FAILED',
        message: error instanceof Error ? error.message : String(error),
        suggestion: typeof (error as { suggestion?: unknown }).suggestion === 'string' ? (error as { suggestion: string }).suggestion : 'Try again.',
      },
    }),
  );
});

// ---------- context menus, shortcut, settings ----------

let menusBuilt: Promise<void> = Promise.resolve();
/** Recreates the menus from the settings; rebuilds run one after another (ids would clash otherwise). */
function rebuildMenus(): Promise<void> {
  menusBuilt = menusBuilt.catch(() => undefined).then(async () => {
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
  openSidePanel({ ...(tab.id !== undefined ? { tabId: tab.id } : {}), windowId: tab.windowId }).catch((error: unknown) => console.warn('Pagewright: could not open the side panel', error));
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
  if (!parsed.ok) manager.broadcastNotice({ type: 'notice', level: 'error', code: 'SETTINGS_INVALID', message: parsed.message, suggestion: parsed.suggestion });
});
