/**
 * The browser as tools see it. The service worker implements this with extension APIs; unit tests
 * implement it with fakes. The runtime itself never touches a browser API.
 */

export interface TabInfo {
  id: number;
  windowId: number;
  url: string;
  title: string;
  active: boolean;
  status: 'loading' | 'complete' | 'unknown';
}

/**
 * A navigation's stages as the browser reports them: the request `started`, the new document `committed`
 * (its URL is where redirects led), its DOM ready (`dom_ready`), everything `loaded`.
 */
export interface NavigationProgress {
  stage: 'started' | 'committed' | 'dom_ready' | 'loaded';
  url: string;
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
  /** Navigates and waits for the load to complete (or the signal), telling `onProgress` each stage as the browser reports it. */
  navigate(tabId: number, target: { url: string } | { action: 'back' | 'forward' | 'reload' }, signal: AbortSignal, onProgress?: (progress: NavigationProgress) => void): Promise<TabInfo>;
  /** The visible part of the tab as an image. */
  captureVisibleTab(tabId: number): Promise<{ mediaType: 'image/png' | 'image/jpeg'; data: string }>;
  /** Saves a file through the browser's downloads. */
  download(file: { filename: string; content: string; mimeType: string }): Promise<{ downloadId: number }>;
}
