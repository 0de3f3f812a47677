/**
 * The browser as tools see it. The service worker implements this with extension APIs; unit tests
 * implement it with fakes. The runtime itself never touches a browser API.
 */
import type { PageInputPort } from './page-input.js';

export interface TabInfo {
  id: number;
  windowId: number;
  url: string;
  title: string;
  active: boolean;
  status: 'loading' | 'complete' | 'unknown';
}

export interface BrowserBridge {
  /**
   * Sends a command to the content script of a tab (frame 0 unless `frameId` is given) and returns its
   * raw reply; callers validate the reply against `src/shared/protocol/page.ts`. Throws a `ToolError`
   * with NOT_INJECTABLE, TAB_CLOSED, NAVIGATED or TIMEOUT codes for browser-side failures.
   */
  sendToTab(tabId: number, message: unknown, options: { frameId?: number; signal: AbortSignal }): Promise<unknown>;
  /** The frames of a tab, with the ids the content script should use to prefix refs. */
  listFrames(tabId: number): Promise<Array<{ frameId: number; parentFrameId: number; url: string }>>;
  getTab(tabId: number): Promise<TabInfo>;
  listTabs(windowId: number | undefined): Promise<TabInfo[]>;
  openTab(url: string, options: { active: boolean; windowId: number | undefined }): Promise<TabInfo>;
  closeTab(tabId: number): Promise<void>;
  activateTab(tabId: number): Promise<TabInfo>;
  /** Navigates and waits for the load to complete (or the signal). */
  navigate(tabId: number, target: { url: string } | { action: 'back' | 'forward' | 'reload' }, signal: AbortSignal): Promise<TabInfo>;
  /** The visible part of the tab as an image. */
  captureVisibleTab(tabId: number): Promise<{ mediaType: 'image/png' | 'image/jpeg'; data: string }>;
  /** Saves a file through the browser's downloads. */
  download(file: { filename: string; content: string; mimeType: string }): Promise<{ downloadId: number }>;
  /** Trusted input, navigation and dialog watching (the DevTools Protocol); absent where unavailable. */
  readonly input?: PageInputPort;
}
