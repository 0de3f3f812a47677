/**
 * The browser as tools see it. The service worker implements this with extension APIs; unit tests
 * implement it with fakes. The runtime itself never touches a browser API.
 */
import type { ImageOptions } from './context-window/models.js';
import type { DevToolsPort } from './devtools.js';
import type { PageInputPort } from './page-input.js';

export interface TabInfo {
  id: number;
  windowId: number;
  url: string;
  title: string;
  active: boolean;
  status: 'loading' | 'complete' | 'unknown';
}

/** A tab held to some sites while an act runs: its top-level navigations elsewhere are stopped. */
export interface LandingGuard {
  /** The addresses the tab was stopped from loading so far. */
  blocked(): string[];
  /** Lifts the guard (and takes the tab back from a stopped page). */
  release(): Promise<void>;
}

/** An image captured for the model: base64 data, its type, and its size in pixels when known. */
export interface CapturedImage {
  mediaType: 'image/png' | 'image/jpeg' | 'image/webp';
  data: string;
  width?: number;
  height?: number;
}

/**
 * A part of the visible page to capture (zoomed in, to read small text), in CSS pixels of the viewport,
 * with the viewport's width in CSS pixels so the capture's own pixels can be told (a HiDPI screen has two per CSS pixel).
 */
export interface CaptureRegion {
  x: number;
  y: number;
  width: number;
  height: number;
  viewportWidth: number;
}

/** One frame of a tab as `BrowserBridge.frameTree` finds it. */
export interface FrameInfo {
  frameId: number;
  /** The parent's frame id (-1 for the top frame); null when the browser does not list the frame. */
  parentFrameId: number | null;
  /** The frame's document URL (`about:blank` for a frame whose own page has not arrived). */
  url: string;
  /**
   * Where the frame sits: its index in its parent's `window.frames` at each level from the top ([] for
   * the top frame). Null when no script could run in it (an error page) or it is not in `window.frames`
   * (an iframe inside a shadow root).
   */
  path: number[] | null;
  /** The frame shows the browser's error page (its host did not resolve, the network failed, …). */
  failed: boolean;
  /** The document has not finished loading. */
  loading: boolean;
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
   * with NOT_INJECTABLE, TAB_CLOSED, NAVIGATED or TIMEOUT codes for browser-side failures. `timeoutMs`
   * shortens the wait (a child frame must not hold a whole read).
   */
  sendToTab(tabId: number, message: unknown, options: { frameId?: number; signal: AbortSignal; timeoutMs?: number }): Promise<unknown>;
  /** The frames of a tab, with the ids the content script should use to prefix refs. */
  listFrames(tabId: number): Promise<Array<{ frameId: number; parentFrameId: number; url: string }>>;
  /**
   * Every frame of a tab that has a document, placed in the tree by `path`, including those the browser
   * does not list (a `javascript:` placeholder, a frame whose page never answered) and those that failed
   * to load. Bounded in time; a bridge without it leaves frames to be matched by URL.
   */
  frameTree?(tabId: number, signal: AbortSignal): Promise<FrameInfo[]>;
  getTab(tabId: number): Promise<TabInfo>;
  listTabs(windowId: number | undefined): Promise<TabInfo[]>;
  openTab(url: string, options: { active: boolean; windowId: number | undefined }): Promise<TabInfo>;
  closeTab(tabId: number): Promise<void>;
  activateTab(tabId: number): Promise<TabInfo>;
  /** Navigates and waits for the load to complete (or the signal), telling `onProgress` each stage as the browser reports it. */
  navigate(
    tabId: number,
    target: { url: string } | { action: 'back' | 'forward' | 'reload' },
    signal: AbortSignal,
    onProgress?: (progress: NavigationProgress) => void,
  ): Promise<TabInfo>;
  /**
   * The visible part of the tab as an image, scaled to fit `options.maxEdge` and encoded as asked (without
   * options: as captured, PNG). Width and height are the encoded image's, when known.
   */
  captureVisibleTab(tabId: number, options?: ImageOptions, region?: CaptureRegion): Promise<CapturedImage>;
  /**
   * Holds a tab's top-level navigations to the sites of `allowed` (origins or URLs) until released;
   * a redirect or script that takes it elsewhere is stopped before the request leaves. Optional: a
   * bridge without it cannot stop a landing, and the permission judgement alone stands.
   */
  guardLanding?(tabId: number, allowed: readonly string[]): Promise<LandingGuard>;
  /** Saves a file through the browser's downloads. */
  download(file: { filename: string; content: string; mimeType: string }): Promise<{ downloadId: number }>;
  /** Trusted input, navigation and dialog watching (the DevTools Protocol); absent where unavailable. */
  readonly input?: PageInputPort;
  /** Console, network and scripts (the DevTools Protocol), for the developer tools; absent where unavailable. */
  readonly devtools?: DevToolsPort;
}

/**
 * A bridge that is `base` except for `overrides` — the one way a bridge is decorated (the dialog guard, the run's
 * bridge that moves the conversation with the tab, a helper agent's own tabs). It is a plain object holding every
 * member of `base`, its methods bound to `base`, then the overrides: nothing is lost whatever `base` is (an object
 * literal, a class instance such as a test's fake, another decorated bridge), `base`'s methods always run on
 * `base` itself, and spreading or decorating the result again keeps them too. Members are read once, here.
 */
export function decorateBridge(base: BrowserBridge, overrides: Partial<BrowserBridge>): BrowserBridge {
  const members: Record<string, unknown> = {};
  for (let level: object | null = base; level !== null && level !== Object.prototype; level = Object.getPrototypeOf(level) as object | null) {
    for (const key of Object.getOwnPropertyNames(level)) {
      if (key === 'constructor' || Object.hasOwn(members, key)) continue;
      const value: unknown = Reflect.get(base, key);
      members[key] = typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(base) : value;
    }
  }
  return { ...members, ...overrides } as BrowserBridge;
}
