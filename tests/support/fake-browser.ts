/**
 * The one fake `BrowserBridge` for unit tests: tabs in windows (closing one activates the next, like
 * Chrome), frames, downloads, navigations, a tiny screenshot, and content scripts that answer page
 * commands from a function the test gives. Every page command sent is recorded in `sent`.
 */
import type { BrowserBridge, CapturedImage, NavigationProgress, TabInfo } from '../../src/runtime/browser.js';
import type { ImageOptions } from '../../src/runtime/context-window/models.js';
import { ToolError } from '../../src/runtime/errors.js';

/** One page command as a content script received it. */
export interface SentCommand {
  tabId: number;
  frameId: number | undefined;
  command: { type: string } & Record<string, unknown>;
}

/** A frame of a tab, as `listFrames` reports it. */
export interface FakeFrame {
  frameId: number;
  parentFrameId: number;
  url: string;
}

export interface FakeBrowserOptions {
  /** The content scripts' reply to each command (the raw reply envelope). Without it, page commands throw. */
  answer?: (sent: SentCommand) => unknown;
  /** True when `answer` also answers observe_start/observe_wait/observe_end (default: answered here, nothing changed). */
  answersObservations?: boolean;
  /** The frames of every tab; by default only the top frame. */
  frames?: FakeFrame[];
  /** What `captureVisibleTab` returns; by default a 1×1 PNG. */
  capture?: CapturedImage;
}

/** A 1×1 PNG, base64. */
export const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export class FakeBrowser implements BrowserBridge {
  readonly tabs = new Map<number, TabInfo>();
  readonly downloads: Array<{ filename: string; content: string; mimeType: string }> = [];
  readonly sent: SentCommand[] = [];
  /** The image options each capture was asked for. */
  readonly captures: Array<ImageOptions | undefined> = [];
  /** The effect observations around actions (observe_start/observe_end), kept apart from `sent`. */
  readonly observed: SentCommand[] = [];
  private nextId = 100;

  constructor(
    tabs: Array<Partial<TabInfo> & { id: number }> = [{ id: 1, active: true, url: 'https://shop.test/account', title: 'Account' }],
    private readonly options: FakeBrowserOptions = {},
  ) {
    for (const tab of tabs)
      this.tabs.set(tab.id, { windowId: 1, url: `https://site${tab.id}.test/`, title: `Tab ${tab.id}`, active: false, status: 'complete', ...tab });
  }

  private tab(tabId: number): TabInfo {
    const tab = this.tabs.get(tabId);
    // The way the real bridge reports it (it maps Chrome's "No tab with id" to TAB_CLOSED).
    if (!tab) throw new ToolError('TAB_CLOSED', `No tab with id: ${tabId}.`, { suggestion: 'Call list_tabs to see the open tabs.' });
    return tab;
  }

  private activate(tab: TabInfo): void {
    for (const other of this.tabs.values()) if (other.windowId === tab.windowId) other.active = other.id === tab.id;
  }

  async sendToTab(tabId: number, message: unknown, options: { frameId?: number; signal: AbortSignal }): Promise<unknown> {
    this.tab(tabId);
    const sent: SentCommand = { tabId, frameId: options.frameId, command: (message as { command: SentCommand['command'] }).command };
    // Every action is observed; unless a test answers them itself, the page saw nothing change.
    if (!this.options.answersObservations && ['observe_start', 'observe_wait', 'observe_end'].includes(sent.command.type)) {
      this.observed.push(sent);
      const url = this.tab(tabId).url;
      if (sent.command.type === 'observe_wait') return { ok: true, result: { observing: true } };
      return sent.command.type === 'observe_start'
        ? { ok: true, result: { token: 'o1' } }
        : { ok: true, result: { url, changes: [], staleRefs: [], elements: {} } };
    }
    this.sent.push(sent);
    if (!this.options.answer) throw new Error('This fake browser has no content scripts (pass `answer`).');
    return this.options.answer(sent);
  }
  async listFrames(tabId: number) {
    return this.options.frames ?? [{ frameId: 0, parentFrameId: -1, url: this.tab(tabId).url }];
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
  /** Lands where it was sent (history and reload stay put), titled "Landed", reporting each stage as the browser does. */
  async navigate(
    tabId: number,
    target: { url: string } | { action: 'back' | 'forward' | 'reload' },
    _signal?: AbortSignal,
    onProgress?: (progress: NavigationProgress) => void,
  ): Promise<TabInfo> {
    const tab = this.tab(tabId);
    if ('url' in target) tab.url = target.url;
    for (const stage of ['started', 'committed', 'dom_ready', 'loaded'] as const) onProgress?.({ stage, url: tab.url });
    tab.title = 'Landed';
    return { ...tab };
  }
  async captureVisibleTab(_tabId: number, options?: ImageOptions): Promise<CapturedImage> {
    this.captures.push(options);
    return this.options.capture ?? { mediaType: 'image/png', data: TINY_PNG, width: 1, height: 1 };
  }
  async download(file: { filename: string; content: string; mimeType: string }) {
    this.downloads.push(file);
    return { downloadId: this.downloads.length };
  }
}

/** A content-script reply that succeeded. */
export const pageOk = (result: unknown) => ({ ok: true, result });
