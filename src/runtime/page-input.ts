/**
 * Input a page cannot tell from a person's, as tools see it. The service worker implements this with
 * the DevTools Protocol (`chrome.debugger`: `Input.dispatchMouseEvent`, `Input.dispatchKeyEvent`,
 * `Input.insertText`), so pages get `isTrusted: true` events with every legacy field; unit tests use a
 * fake. Coordinates are CSS pixels in the tab's top-level viewport. The runtime touches no browser API.
 */
/** A modifier key as DOM events name it (src/shared/keys.ts builds on this). */
export type Modifier = 'Alt' | 'Control' | 'Meta' | 'Shift';

/** Whether trusted input is available on a tab for this run, and if not, why (said in results). */
export type InputChannel = { trusted: true } | { trusted: false; reason: string };

/** One pointer event at a point. */
export interface MouseStep {
  type: 'move' | 'press' | 'release';
  x: number;
  y: number;
  button?: 'left' | 'right' | 'middle';
  clickCount?: number;
  modifiers?: readonly Modifier[];
  /** A move with the left button held down (a drag): pages read `buttons === 1` on its pointermove. */
  held?: boolean;
}

/** What an HTML5 drag carries, as the browser reported it when it intercepted the drag (opaque to tools). */
export type DragData = Record<string, unknown>;

/** The drag events of an intercepted HTML5 drag, sent with the data its `dragstart` put in its DataTransfer. */
export type DragEventType = 'dragEnter' | 'dragOver' | 'drop' | 'dragCancel';

/**
 * HTML5 drag and drop through the browser (DevTools `Input.setInterceptDrags`/`dispatchDragEvent`):
 * while intercepting, a press and move that start a native drag give its data here instead of to the
 * operating system's drag loop, and the drag, its hovering and its drop are sent as trusted events.
 */
export interface DragPort {
  /** Starts (or stops) intercepting native drags on the tab; a new start forgets any earlier drag. */
  intercept(tabId: number, enabled: boolean): Promise<void>;
  /** The drag the browser intercepted since interception started, if one started. */
  intercepted(tabId: number): DragData | undefined;
  /** One drag event at a viewport point with the intercepted data. */
  dispatch(tabId: number, type: DragEventType, x: number, y: number, data: DragData): Promise<DispatchOutcome>;
}

/**
 * One key going down or up, as `src/shared/keys.ts` describes it; `char` is the character a key types
 * sent on its own, after a `down` without text, so the page's reaction to the keydown (focus moved
 * elsewhere) can be judged before the character lands.
 */
export interface KeyStep {
  type: 'down' | 'up' | 'char';
  key: string;
  code: string;
  keyCode: number;
  /** What the key types (keydown and char only); absent for keys that type nothing. */
  text?: string;
  modifiers?: readonly Modifier[];
  location?: number;
}

/** A JavaScript dialog (alert, confirm, prompt, beforeunload) the page opened and is waiting on. */
export interface DialogInfo {
  type: 'alert' | 'confirm' | 'prompt' | 'beforeunload';
  message: string;
  /** For prompts: the text the page proposed. */
  defaultPrompt?: string;
  url: string;
}

/** `dispatched`: the browser handled every step; `dialog`: a dialog opened and the rest was not sent. */
export type DispatchOutcome = { outcome: 'dispatched' } | { outcome: 'dialog'; dialog: DialogInfo };

/** What happened in the browser (outside the page's DOM) while an action was watched. */
export interface WatchedEvents {
  /** The top frame started loading another document (not a same-page change). */
  navigationStarted?: string;
  /** The top frame committed and loaded it (URL after redirects), or failed with an error. */
  navigated?: { url: string; error?: string };
  /** The URL changed without a new document (history.pushState, a #fragment). */
  urlChanged?: string;
  /** Tabs the page opened (target=_blank, window.open). */
  newTabs: Array<{ tabId: number; url: string }>;
  /** A dialog that opened and is still open. */
  dialog?: DialogInfo;
}

/** Watches one tab for navigations, new tabs and dialogs from the moment it is created. */
export interface PageWatch {
  /** What has happened so far. */
  events(): WatchedEvents;
  /** Resolves when a started navigation has loaded (or failed), or after `ms`, or on abort. */
  waitForNavigation(ms: number, signal: AbortSignal): Promise<void>;
  stop(): void;
}

/**
 * What the browser itself hit-tests at a top-level point: the node (DevTools `backendNodeId`) and the
 * frame whose document holds it. A frame in another process is not looked into: its iframe element is
 * the node. `tag` and `src` are read when asked (naming what is there, telling an iframe).
 */
/** A document's scroll offset in CSS pixels. */
export interface ScrollOffset {
  x: number;
  y: number;
}

export interface BrowserHit {
  node: number;
  frame: string;
  tag?: string;
  src?: string;
}

/** The port the page tools use for trusted input; optional on the BrowserBridge. */
export interface PageInputPort {
  /**
   * Makes trusted input available on the tab for `owner` (a run id): attaches once per tab and keeps
   * it until `release(owner)`. Never throws: a tab that cannot be debugged gives the reason instead.
   */
  acquire(tabId: number, owner: string): Promise<InputChannel>;
  /** Sends pointer events in order; stops early if a dialog opens. */
  mouse(tabId: number, steps: readonly MouseStep[]): Promise<DispatchOutcome>;
  /** Sends key events in order; stops early if a dialog opens. */
  keys(tabId: number, steps: readonly KeyStep[]): Promise<DispatchOutcome>;
  /** Inserts text at the caret as an input method would (one `insertText` input event). */
  insertText(tabId: number, text: string): Promise<DispatchOutcome>;
  /**
   * What the browser hit-tests at a point of the tab's viewport (undefined: nothing, or it cannot tell).
   * `scroll`: the top document's scroll offset as its content script just read it, which lets the test
   * and the browser's own reading of the offset go together (one round trip, not two).
   */
  hitTest(tabId: number, x: number, y: number, describe: boolean, scroll?: ScrollOffset): Promise<BrowserHit | undefined>;
  /** Detaches from every tab no other owner still uses. */
  release(owner: string): Promise<void>;
  /** The dialog open on a tab, if any. */
  openDialog(tabId: number): DialogInfo | undefined;
  /** Accepts or dismisses the open dialog (with text for a prompt). Throws NO_DIALOG when none is open. */
  answerDialog(tabId: number, accept: boolean, promptText?: string): Promise<DialogInfo>;
  /** Starts watching a tab; call `stop()` when done. */
  watch(tabId: number): PageWatch;
  /** HTML5 drag and drop, where the browser offers it (Chrome's DevTools Protocol; not Firefox). */
  drags?: DragPort;
  /** The requests a page starts after an act, where the browser reports them (Chrome's DevTools Protocol; not Firefox). */
  requests?: ActRequestsPort;
}

/**
 * The requests an act set off (the page's fetch and XHR to its own site that began after the act's
 * input), so the act's settle can wait for the page's answer: a Deploy whose confirmation shows only
 * once the server answered was reported before it showed.
 */
export interface ActRequestsPort {
  /** Starts counting the requests the page begins on `tabId` from now on; `stop()` when the act is done. */
  mark(tabId: number): ActRequests;
}

/** The requests of one act, counted from its mark. */
export interface ActRequests {
  /** How many of them are still open. */
  open(): number;
  /** Milliseconds since the last of them ended (Infinity when none has). */
  sinceLastEnded(): number;
  /** Resolves once none is open, after `ms` at the latest, or on abort. */
  idle(ms: number, signal: AbortSignal): Promise<void>;
  stop(): void;
}

/** How a dialog reads in results and errors: `a JavaScript confirm dialog saying "Delete?"`. */
export function dialogPhrase(dialog: Pick<DialogInfo, 'type' | 'message'>): string {
  const text = dialog.message.replace(/\s+/g, ' ').trim();
  const clipped = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  const kind = dialog.type === 'beforeunload' ? 'a "Leave site?" (beforeunload) dialog' : `a JavaScript ${dialog.type} dialog`;
  return `${kind}${clipped ? ` saying ${JSON.stringify(clipped)}` : ''}`;
}
