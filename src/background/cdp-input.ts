/**
 * Trusted input through the DevTools Protocol (`chrome.debugger`). Pages ignore synthetic events on
 * purpose (`isTrusted: false`) or read fields synthetic events often lack (`which`, `keyCode`); the
 * browser's own input path gives them what a person's hands give. Attached only to tabs the agent acts
 * on, once per tab and run (attaching per action is slow and flashes the browser's debugging bar), and
 * detached when the run ends, the tab closes or the person cancels debugging in that bar — after which
 * this run does not attach again. Dialogs the page opens are recorded here (`Page.javascriptDialogOpening`)
 * so no action hangs on one: the model or the person answers it.
 */
import { messageOf, ToolError } from '../runtime/errors.js';
import type {
  BrowserHit,
  DialogInfo,
  ScrollOffset,
  DispatchOutcome,
  DragData,
  DragEventType,
  InputChannel,
  KeyStep,
  MouseStep,
} from '../runtime/page-input.js';
import { modifierBits } from '../shared/keys.js';

/** The protocol version chrome.debugger speaks. */
const PROTOCOL_VERSION = '1.3';

/** What this module needs of `chrome.debugger` (a fake in unit tests). */
export interface DebuggerApi {
  attach(tabId: number, version: string): Promise<void>;
  detach(tabId: number): Promise<void>;
  send(tabId: number, method: string, params?: object): Promise<unknown>;
  onEvent(listener: (tabId: number, method: string, params: Record<string, unknown>) => void): void;
  onDetach(listener: (tabId: number, reason: string) => void): void;
}

/** `chrome.debugger` as a DebuggerApi. */
export function chromeDebuggerApi(api: typeof chrome.debugger): DebuggerApi {
  return {
    attach: (tabId, version) => api.attach({ tabId }, version),
    detach: (tabId) => api.detach({ tabId }),
    send: (tabId, method, params) => api.sendCommand({ tabId }, method, params),
    onEvent: (listener) => api.onEvent.addListener((source, method, params) => source.tabId !== undefined && listener(source.tabId, method, params ?? {})),
    onDetach: (listener) => api.onDetach.addListener((source, reason) => source.tabId !== undefined && listener(source.tabId, reason)),
  };
}

interface Session {
  owners: Set<string>;
  ready: Promise<InputChannel>;
}

/** Why the browser would not let us attach, in words for the result line. */
export function attachFailureReason(error: unknown): string {
  const message = messageOf(error);
  if (/already attached/i.test(message)) return 'another debugger (DevTools or another extension) is attached to this tab';
  if (/policy|not allowed/i.test(message)) return 'debugging is turned off by the browser’s policy';
  if (/chrome:\/\/|chrome-extension:|cannot (access|attach)|restricted/i.test(message)) return 'the browser does not allow debugging this page';
  return `the browser refused debugging (${message})`;
}

/** Mac keyboards run editing shortcuts through commands rather than key bindings in the page. */
const MAC_COMMANDS: Readonly<Record<string, string>> = { a: 'selectAll', c: 'copy', x: 'cut', v: 'paste', z: 'undo' };

/** Attachments, dispatch and dialogs for every tab of this worker. */
export class CdpInput {
  private readonly sessions = new Map<number, Session>();
  private readonly declined = new Set<string>();
  private readonly dialogs = new Map<number, DialogInfo>();
  private readonly dialogWaiters = new Map<number, Set<(dialog: DialogInfo) => void>>();
  private readonly drags = new Map<number, DragData>();

  constructor(
    private readonly api: DebuggerApi,
    private readonly options: {
      isMac: () => boolean;
      /** Called once the debugger is attached to a tab (the developer tools start capturing then). */
      onAttached?: (tabId: number) => Promise<void>;
    } = { isMac: () => false },
  ) {
    api.onEvent((tabId, method, params) => this.onEvent(tabId, method, params));
    api.onDetach((tabId, reason) => {
      const session = this.sessions.get(tabId);
      this.sessions.delete(tabId);
      this.dialogs.delete(tabId);
      // The person pressed Cancel on the browser's "is debugging this browser" bar: respect it for
      // every run that was using this tab, instead of attaching again on the next action.
      if (reason === 'canceled_by_user') for (const owner of session?.owners ?? []) this.declined.add(owner);
    });
  }

  /** Attaches for `owner` (once per tab) and reports whether trusted input is available. */
  async acquire(tabId: number, owner: string): Promise<InputChannel> {
    if (this.declined.has(owner)) return { trusted: false, reason: 'debugging was cancelled in the browser’s bar for this task' };
    let session = this.sessions.get(tabId);
    if (!session) {
      session = { owners: new Set(), ready: this.attach(tabId) };
      this.sessions.set(tabId, session);
    }
    session.owners.add(owner);
    const channel = await session.ready;
    // A failure is not kept: DevTools may be closed before the next action, which then attaches.
    if (!channel.trusted && this.sessions.get(tabId) === session) this.sessions.delete(tabId);
    return channel;
  }

  private async attach(tabId: number): Promise<InputChannel> {
    try {
      await this.api.attach(tabId, PROTOCOL_VERSION);
    } catch (error) {
      // After a worker restart this extension may still be attached: the protocol then answers us.
      if (!/already attached/i.test(messageOf(error))) return { trusted: false, reason: attachFailureReason(error) };
      try {
        await this.api.send(tabId, 'Page.enable');
        await this.options.onAttached?.(tabId).catch(() => undefined);
        return { trusted: true };
      } catch {
        return { trusted: false, reason: attachFailureReason(error) };
      }
    }
    try {
      await this.api.send(tabId, 'Page.enable'); // dialog events
    } catch (error) {
      await this.api.detach(tabId).catch(() => undefined);
      return { trusted: false, reason: attachFailureReason(error) };
    }
    await this.options.onAttached?.(tabId).catch(() => undefined);
    return { trusted: true };
  }

  /** True while this worker holds a debugger session on the tab. */
  isAttached(tabId: number): boolean {
    return this.sessions.has(tabId);
  }

  /** Detaches from every tab that `owner` used and no other owner still uses. */
  async release(owner: string): Promise<void> {
    this.declined.delete(owner);
    const detaching: Array<Promise<void>> = [];
    for (const [tabId, session] of this.sessions) {
      if (!session.owners.delete(owner) || session.owners.size > 0) continue;
      this.sessions.delete(tabId);
      this.dialogs.delete(tabId);
      detaching.push(session.ready.then((channel) => (channel.trusted ? this.api.detach(tabId) : undefined)).catch(() => undefined));
    }
    await Promise.all(detaching);
  }

  /** Detaches from every tab (the extension is shutting a feature off, or tests clean up). */
  async releaseAll(): Promise<void> {
    const owners = new Set([...this.sessions.values()].flatMap((session) => [...session.owners]));
    for (const owner of owners) await this.release(owner);
  }

  private onEvent(tabId: number, method: string, params: Record<string, unknown>): void {
    if (method === 'Page.javascriptDialogOpening') {
      const type = params['type'];
      const dialog: DialogInfo = {
        type: type === 'confirm' || type === 'prompt' || type === 'beforeunload' ? type : 'alert',
        message: typeof params['message'] === 'string' ? params['message'] : '',
        url: typeof params['url'] === 'string' ? params['url'] : '',
        ...(typeof params['defaultPrompt'] === 'string' && type === 'prompt' ? { defaultPrompt: params['defaultPrompt'] } : {}),
      };
      this.dialogs.set(tabId, dialog);
      for (const waiter of this.dialogWaiters.get(tabId) ?? []) waiter(dialog);
    } else if (method === 'Page.javascriptDialogClosed') {
      this.dialogs.delete(tabId);
    } else if (method === 'Input.dragIntercepted' && params['data'] && typeof params['data'] === 'object') {
      this.drags.set(tabId, params['data'] as DragData);
    }
  }

  /** The dialog open on a tab (seen through the debugger), if any. */
  openDialog(tabId: number): DialogInfo | undefined {
    return this.dialogs.get(tabId);
  }

  /** Answers the open dialog. Throws NO_DIALOG when none is open. */
  async answerDialog(tabId: number, accept: boolean, promptText?: string): Promise<DialogInfo> {
    const dialog = this.dialogs.get(tabId);
    if (!dialog) {
      throw new ToolError('NO_DIALOG', 'No JavaScript dialog is open on this tab.', {
        suggestion: 'It may have been answered already (by the person, or it closed with its page). Call read_page to see the page.',
      });
    }
    await this.api.send(tabId, 'Page.handleJavaScriptDialog', { accept, ...(promptText !== undefined ? { promptText } : {}) });
    this.dialogs.delete(tabId);
    return dialog;
  }

  /** Resolves with the next dialog of a tab; `cancel` stops waiting. */
  private nextDialog(tabId: number): { promise: Promise<DialogInfo>; cancel: () => void } {
    let waiter: (dialog: DialogInfo) => void = () => undefined;
    const promise = new Promise<DialogInfo>((resolve) => {
      waiter = resolve;
    });
    const set = this.dialogWaiters.get(tabId) ?? new Set();
    set.add(waiter);
    this.dialogWaiters.set(tabId, set);
    return {
      promise,
      cancel: () => {
        set.delete(waiter);
        if (set.size === 0) this.dialogWaiters.delete(tabId);
      },
    };
  }

  /**
   * Sends commands in order. A command whose event opens a dialog does not answer until the dialog
   * closes, so each is raced against the tab's next dialog, and the rest are not sent once one is open.
   */
  private async dispatch(tabId: number, commands: ReadonlyArray<{ method: string; params: object }>): Promise<DispatchOutcome> {
    for (const command of commands) {
      const open = this.dialogs.get(tabId);
      if (open) return { outcome: 'dialog', dialog: open };
      const dialog = this.nextDialog(tabId);
      try {
        const winner = await Promise.race([this.api.send(tabId, command.method, command.params).then(() => undefined), dialog.promise]);
        if (winner) return { outcome: 'dialog', dialog: winner };
      } finally {
        dialog.cancel();
      }
    }
    return { outcome: 'dispatched' };
  }

  /** Pointer events: moves, presses and releases at viewport CSS pixels. */
  mouse(tabId: number, steps: readonly MouseStep[]): Promise<DispatchOutcome> {
    return this.dispatch(
      tabId,
      steps.map((step) => {
        // A move while the left button is held (a drag) carries it, as a person's would: libraries check `buttons`.
        const button = step.type === 'move' ? (step.held ? 'left' : 'none') : (step.button ?? 'left');
        const bit = button === 'right' ? 2 : button === 'middle' ? 4 : button === 'left' ? 1 : 0;
        return {
          method: 'Input.dispatchMouseEvent',
          params: {
            type: step.type === 'move' ? 'mouseMoved' : step.type === 'press' ? 'mousePressed' : 'mouseReleased',
            x: step.x,
            y: step.y,
            button,
            buttons: step.type === 'press' || step.held ? bit : 0,
            clickCount: step.clickCount ?? (step.type === 'move' ? 0 : 1),
            modifiers: modifierBits(step.modifiers ?? []),
          },
        };
      }),
    );
  }

  /** Key events with `key`, `code`, `windowsVirtualKeyCode` (keyCode/which) and the typed text. */
  keys(tabId: number, steps: readonly KeyStep[]): Promise<DispatchOutcome> {
    return this.dispatch(
      tabId,
      steps.map((step) => {
        const modifiers = step.modifiers ?? [];
        const command = this.options.isMac() && modifiers.includes('Meta') && step.type === 'down' ? MAC_COMMANDS[step.key.toLowerCase()] : undefined;
        return {
          method: 'Input.dispatchKeyEvent',
          params: {
            // keyDown with text makes the browser send keypress and the input events as well; char sends only those.
            type: step.type === 'up' ? 'keyUp' : step.type === 'char' ? 'char' : step.text ? 'keyDown' : 'rawKeyDown',
            key: step.key,
            code: step.code,
            windowsVirtualKeyCode: step.keyCode,
            nativeVirtualKeyCode: step.keyCode,
            modifiers: modifierBits(modifiers),
            ...(step.type !== 'up' && step.text ? { text: step.text, unmodifiedText: step.text } : {}),
            ...(step.location ? { location: step.location } : {}),
            ...(command ? { commands: [command] } : {}),
          },
        };
      }),
    );
  }

  /**
   * The node at a viewport point as the browser's own hit test finds it (`DOM.getNodeForLocation`, which
   * needs no DOM agent; user-agent shadow trees included, so a video's controls are told from the video),
   * and with `describe` its tag and `src`. Undefined when nothing is there or the protocol refuses (a
   * dialog pauses the page): the caller then stops, as it cannot confirm the target.
   * The point is in viewport coordinates (as Input.dispatchMouseEvent takes it); getNodeForLocation takes
   * document coordinates and hits only what is in view, so the page's scroll offset is added: without it,
   * every act on a scrolled page was refused as "could not say what is under the pointer" (or judged
   * against whatever sat that far from the document's top).
   * With `scroll` (the offset the top frame's content script read just before), the hit test goes at once
   * and the browser's own offset is read right after it, in the same round trip: the test counts only
   * when both agree — the offset was the same before the test and after it, so the page cannot have
   * scrolled the test onto another point by scrolling between a reading and the test. When they differ
   * (the page scrolled), the test is made again at the offset the browser gave.
   */
  async hitTest(tabId: number, x: number, y: number, describe: boolean, scroll?: ScrollOffset): Promise<BrowserHit | undefined> {
    try {
      const offset = async () => {
        const metrics = (await this.api.send(tabId, 'Page.getLayoutMetrics')) as { cssLayoutViewport?: { pageX?: number; pageY?: number } };
        return { x: metrics.cssLayoutViewport?.pageX ?? 0, y: metrics.cssLayoutViewport?.pageY ?? 0 };
      };
      const at = (page: ScrollOffset) => ({ x: Math.round(x + page.x), y: Math.round(y + page.y) });
      const nodeAt = (point: { x: number; y: number }) =>
        this.api.send(tabId, 'DOM.getNodeForLocation', { ...point, includeUserAgentShadowDOM: true }) as Promise<{ backendNodeId?: number; frameId?: string }>;
      let hit: { backendNodeId?: number; frameId?: string } | undefined;
      if (scroll) {
        const guessed = at(scroll);
        const [early, browser] = await Promise.all([nodeAt(guessed).catch(() => undefined), offset()]);
        const real = at(browser);
        if (early && real.x === guessed.x && real.y === guessed.y) hit = early;
        else hit = await nodeAt(real);
      } else {
        hit = await nodeAt(at(await offset()));
      }
      if (typeof hit.backendNodeId !== 'number' || typeof hit.frameId !== 'string') return undefined;
      const found: BrowserHit = { node: hit.backendNodeId, frame: hit.frameId };
      if (!describe) return found;
      const described = (await this.api.send(tabId, 'DOM.describeNode', { backendNodeId: hit.backendNodeId })) as {
        node?: { nodeName?: string; attributes?: string[] };
      };
      const attributes = described.node?.attributes ?? [];
      const src = attributes[attributes.indexOf('src') + 1];
      return { ...found, tag: (described.node?.nodeName ?? '').toLowerCase(), ...(attributes.includes('src') && src !== undefined ? { src } : {}) };
    } catch {
      return undefined;
    }
  }

  /** Starts or stops intercepting native drags (see DragPort); starting forgets an earlier drag. */
  async interceptDrags(tabId: number, enabled: boolean): Promise<void> {
    this.drags.delete(tabId);
    await this.api.send(tabId, 'Input.setInterceptDrags', { enabled });
  }

  /** The native drag intercepted on the tab since interception started. */
  interceptedDrag(tabId: number): DragData | undefined {
    return this.drags.get(tabId);
  }

  /** One drag event of an intercepted drag, carrying its data (dragenter/dragover/drop, or a cancel). */
  dragEvent(tabId: number, type: DragEventType, x: number, y: number, data: DragData): Promise<DispatchOutcome> {
    return this.dispatch(tabId, [{ method: 'Input.dispatchDragEvent', params: { type, x, y, data, modifiers: 0 } }]);
  }

  /** Text as an input method commits it. */
  insertText(tabId: number, text: string): Promise<DispatchOutcome> {
    return this.dispatch(tabId, [{ method: 'Input.insertText', params: { text } }]);
  }
}
