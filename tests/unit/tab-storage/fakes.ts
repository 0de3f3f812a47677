/** Fakes for the tab and storage tool tests: a browser with tabs in windows, stores, and a context. */
import type { BrowserBridge, TabInfo } from '../../../src/runtime/browser.js';
import type { StoredResult, ResultStore } from '../../../src/runtime/budget-types.js';
import { createRootContext, type AppState, type MemoryStore, type ToolUseContext } from '../../../src/runtime/context.js';
import { ToolError } from '../../../src/runtime/errors.js';
import type { Tools } from '../../../src/runtime/tool.js';

/** A browser with tabs; `closeTab` activates the next tab of the window like Chrome does. */
export class FakeBrowser implements BrowserBridge {
  tabs = new Map<number, TabInfo>();
  downloads: Array<{ filename: string; content: string; mimeType: string }> = [];
  private nextId = 100;

  constructor(tabs: Array<Partial<TabInfo> & { id: number }>) {
    for (const tab of tabs) this.tabs.set(tab.id, { windowId: 1, url: `https://site${tab.id}.test/`, title: `Tab ${tab.id}`, active: false, status: 'complete', ...tab });
  }

  private tab(tabId: number): TabInfo {
    const tab = this.tabs.get(tabId);
    // The way the real bridge reports it (D's browser-bridge maps "No tab with id" to TAB_CLOSED).
    if (!tab) throw new ToolError('TAB_CLOSED', `No tab with id: ${tabId}.`, { suggestion: 'x' });
    return tab;
  }

  private activate(tab: TabInfo): void {
    for (const other of this.tabs.values()) if (other.windowId === tab.windowId) other.active = other.id === tab.id;
  }

  async sendToTab(): Promise<unknown> {
    throw new Error('not used');
  }
  async listFrames() {
    return [];
  }
  async getTab(tabId: number) {
    return { ...this.tab(tabId) };
  }
  async listTabs(windowId: number | undefined) {
    return [...this.tabs.values()].filter((t) => windowId === undefined || t.windowId === windowId).map((t) => ({ ...t }));
  }
  async openTab(url: string, options: { active: boolean; windowId: number | undefined }) {
    const tab: TabInfo = { id: this.nextId++, windowId: options.windowId ?? 1, url, title: '', active: false, status: 'loading' };
    this.tabs.set(tab.id, tab);
    if (options.active) this.activate(tab);
    return { ...tab };
  }
  async closeTab(tabId: number) {
    const tab = this.tab(tabId);
    this.tabs.delete(tabId);
    const next = [...this.tabs.values()].find((t) => t.windowId === tab.windowId);
    if (tab.active && next) this.activate(next);
  }
  async activateTab(tabId: number) {
    const tab = this.tab(tabId);
    this.activate(tab);
    return { ...tab };
  }
  async navigate(): Promise<TabInfo> {
    throw new Error('not used');
  }
  async captureVisibleTab(): Promise<{ mediaType: 'image/png'; data: string }> {
    throw new Error('not used');
  }
  async download(file: { filename: string; content: string; mimeType: string }) {
    this.downloads.push(file);
    return { downloadId: this.downloads.length };
  }
}

/** A map-backed result store. */
export function fakeResultStore(results: StoredResult[] = []): ResultStore {
  const map = new Map(results.map((r) => [r.id, r]));
  return {
    async put(record) {
      map.set(record.id, record);
    },
    async get(id) {
      return map.get(id);
    },
  };
}

/** A context with the given ports; everything else inert. */
export function fakeContext(
  options: { browser?: BrowserBridge; memory?: MemoryStore; resultStore?: ResultStore; currentTabId?: number; windowId?: number; tools?: Tools; appState?: AppState } = {},
): ToolUseContext {
  return createRootContext({
    agentId: 'test',
    resultStore: options.resultStore ?? fakeResultStore(),
    permissions: { mode: 'ask', rules: { allow: [], deny: [], ask: [] }, grants: [] },
    currentTabId: options.currentTabId,
    windowId: options.windowId ?? 1,
    tools: options.tools ?? [],
    ...(options.appState ? { appState: options.appState } : {}),
    ...(options.browser ? { browser: options.browser } : {}),
    ...(options.memory ? { memory: options.memory } : {}),
  });
}

/** Runs `promise` and returns the ToolError it rejects with (fails the test otherwise). */
export async function rejection(promise: Promise<unknown>): Promise<ToolError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

/** Never called: permission checks are not what these tests exercise. */
export const noCanUseTool = async () => {
  throw new Error('canUseTool must not be called by these tools');
};
