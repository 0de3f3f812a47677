import { describe, expect, it } from 'vitest';
import { attachFailureReason, CdpInput, type DebuggerApi } from './cdp-input.js';

/** A chrome.debugger stand-in: records commands, can refuse attaching, and can hold a command like a dialog does. */
function fakeDebugger(options: { refuse?: string } = {}) {
  const sent: Array<{ tabId: number; method: string; params?: object }> = [];
  const attached = new Set<number>();
  let emit: (tabId: number, method: string, params: Record<string, unknown>) => void = () => undefined;
  let detached: (tabId: number, reason: string) => void = () => undefined;
  let hold: ((params: object | undefined) => boolean) | undefined;
  const api: DebuggerApi = {
    attach: async (tabId) => {
      if (options.refuse) throw new Error(options.refuse);
      attached.add(tabId);
    },
    detach: async (tabId) => {
      attached.delete(tabId);
    },
    send: (tabId, method, params) => {
      if (!attached.has(tabId) && !method.startsWith('Page.handle')) return Promise.reject(new Error(`Debugger is not attached to the tab with id: ${tabId}.`));
      sent.push({ tabId, method, ...(params ? { params } : {}) });
      if (hold?.(params)) return new Promise(() => undefined); // answered only when the dialog closes
      return Promise.resolve({});
    },
    onEvent: (listener) => (emit = listener),
    onDetach: (listener) => (detached = listener),
  };
  return {
    api,
    sent,
    attached,
    emit: (...args: Parameters<typeof emit>) => emit(...args),
    detach: (...args: Parameters<typeof detached>) => detached(...args),
    holdWhen: (f: typeof hold) => (hold = f),
  };
}

describe('CdpInput.hitTest', () => {
  it('adds the page’s scroll offset: the point is in viewport coordinates, getNodeForLocation takes document ones', async () => {
    const sent: Array<{ method: string; params?: object }> = [];
    const api: DebuggerApi = {
      attach: async () => undefined,
      detach: async () => undefined,
      send: async (_tabId, method, params) => {
        sent.push({ method, ...(params ? { params } : {}) });
        if (method === 'Page.getLayoutMetrics') return { cssLayoutViewport: { pageX: 30, pageY: 1269, clientWidth: 800, clientHeight: 500 } };
        if (method === 'DOM.getNodeForLocation') return { backendNodeId: 12, frameId: 'TOP' };
        return {};
      },
      onEvent: () => undefined,
      onDetach: () => undefined,
    };
    expect(await new CdpInput(api).hitTest(7, 96.5, 249.5, false)).toEqual({ node: 12, frame: 'TOP' });
    expect(sent.find((c) => c.method === 'DOM.getNodeForLocation')?.params).toEqual({ x: 127, y: 1519, includeUserAgentShadowDOM: true });
  });

  it('with the offset the page just read, tests at once and reads the browser’s offset after; tests again when the page scrolled in between', async () => {
    let pageY = 1269;
    const sent: Array<{ method: string; params?: object }> = [];
    const api: DebuggerApi = {
      attach: async () => undefined,
      detach: async () => undefined,
      send: async (_tabId, method, params) => {
        sent.push({ method, ...(params ? { params } : {}) });
        if (method === 'Page.getLayoutMetrics') return { cssLayoutViewport: { pageX: 30, pageY } };
        if (method === 'DOM.getNodeForLocation') return { backendNodeId: (params as { y: number }).y, frameId: 'TOP' };
        return {};
      },
      onEvent: () => undefined,
      onDetach: () => undefined,
    };
    const cdp = new CdpInput(api);
    // The offsets agree: one test, sent before the browser's reading, in the same round trip.
    expect(await cdp.hitTest(7, 96.5, 249.5, false, { x: 30, y: 1269 })).toEqual({ node: 1519, frame: 'TOP' });
    expect(sent.map((c) => c.method)).toEqual(['DOM.getNodeForLocation', 'Page.getLayoutMetrics']);
    // The page scrolled after its script read the offset: that test is thrown away, the point tested at the browser's offset.
    sent.length = 0;
    pageY = 1300;
    expect(await cdp.hitTest(7, 96.5, 249.5, false, { x: 30, y: 1269 })).toEqual({ node: 1550, frame: 'TOP' });
    expect(sent.map((c) => c.method)).toEqual(['DOM.getNodeForLocation', 'Page.getLayoutMetrics', 'DOM.getNodeForLocation']);
  });
});

describe('CdpInput', () => {
  it('attaches once per tab for a run, enables dialog events, and detaches when the last run lets go', async () => {
    const fake = fakeDebugger();
    const cdp = new CdpInput(fake.api);
    expect(await cdp.acquire(7, 'run-a')).toEqual({ trusted: true });
    expect(await cdp.acquire(7, 'run-a')).toEqual({ trusted: true });
    expect(await cdp.acquire(7, 'run-b')).toEqual({ trusted: true });
    expect(fake.sent.filter((c) => c.method === 'Page.enable')).toHaveLength(1);
    await cdp.release('run-a');
    expect(fake.attached.has(7)).toBe(true); // run-b still acts on the tab
    await cdp.release('run-b');
    expect(fake.attached.has(7)).toBe(false);
  });

  it('says why when the browser refuses, and does not keep the refusal (DevTools may close)', async () => {
    const fake = fakeDebugger({ refuse: 'Another debugger is already attached to the tab with id: 7.' });
    const cdp = new CdpInput(fake.api);
    expect(await cdp.acquire(7, 'run')).toEqual({ trusted: false, reason: 'another debugger (DevTools or another extension) is attached to this tab' });
    expect(cdp.isAttached(7)).toBe(false);
    expect(attachFailureReason(new Error('Cannot access a chrome:// URL'))).toBe('the browser does not allow debugging this page');
  });

  it('does not attach again for a run whose person cancelled debugging in the browser bar', async () => {
    const fake = fakeDebugger();
    const cdp = new CdpInput(fake.api);
    await cdp.acquire(7, 'run');
    fake.detach(7, 'canceled_by_user');
    expect(await cdp.acquire(7, 'run')).toMatchObject({ trusted: false, reason: expect.stringMatching(/cancelled/) });
    expect(await cdp.acquire(7, 'other-run')).toEqual({ trusted: true });
  });

  it('sends mouse and key events with buttons, click counts, legacy key codes, text and modifier bits', async () => {
    const fake = fakeDebugger();
    const cdp = new CdpInput(fake.api);
    await cdp.acquire(1, 'run');
    await cdp.mouse(1, [
      { type: 'move', x: 10, y: 20 },
      { type: 'press', x: 10, y: 20, button: 'left', clickCount: 2, modifiers: ['Shift'] },
    ]);
    await cdp.keys(1, [
      { type: 'down', key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' },
      { type: 'up', key: 'Enter', code: 'Enter', keyCode: 13 },
      { type: 'down', key: 'a', code: 'KeyA', keyCode: 65, modifiers: ['Control'] },
    ]);
    const params = fake.sent.filter((c) => c.method.startsWith('Input.')).map((c) => c.params);
    expect(params[0]).toMatchObject({ type: 'mouseMoved', button: 'none', buttons: 0, x: 10, y: 20 });
    expect(params[1]).toMatchObject({ type: 'mousePressed', button: 'left', buttons: 1, clickCount: 2, modifiers: 8 });
    expect(params[2]).toMatchObject({ type: 'keyDown', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r', unmodifiedText: '\r' });
    expect(params[3]).toMatchObject({ type: 'keyUp', windowsVirtualKeyCode: 13 });
    expect(params[3]).not.toHaveProperty('text');
    expect(params[4]).toMatchObject({ type: 'rawKeyDown', key: 'a', modifiers: 2 });
    expect(params[4]).not.toHaveProperty('commands'); // not a Mac: the page's own key bindings select all
  });

  it('returns at once when an event opens a dialog, records it, and refuses to send into a paused page', async () => {
    const fake = fakeDebugger();
    const cdp = new CdpInput(fake.api);
    await cdp.acquire(3, 'run');
    fake.holdWhen((params) => (params as { type?: string } | undefined)?.type === 'mouseReleased');
    const clicking = cdp.mouse(3, [
      { type: 'press', x: 1, y: 1, button: 'left' },
      { type: 'release', x: 1, y: 1, button: 'left' },
      { type: 'move', x: 2, y: 2 },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    fake.emit(3, 'Page.javascriptDialogOpening', { type: 'confirm', message: 'Delete "milk"?', url: 'http://a.test/' });
    expect(await clicking).toEqual({ outcome: 'dialog', dialog: { type: 'confirm', message: 'Delete "milk"?', url: 'http://a.test/' } });
    expect(fake.sent.filter((c) => c.method === 'Input.dispatchMouseEvent')).toHaveLength(2); // the move after it was not sent
    expect(await cdp.keys(3, [{ type: 'down', key: 'a', code: 'KeyA', keyCode: 65 }])).toMatchObject({ outcome: 'dialog' });

    expect(await cdp.answerDialog(3, false)).toMatchObject({ type: 'confirm' });
    expect(fake.sent.at(-1)).toEqual({ tabId: 3, method: 'Page.handleJavaScriptDialog', params: { accept: false } });
    expect(cdp.openDialog(3)).toBeUndefined();
    await expect(cdp.answerDialog(3, true)).rejects.toMatchObject({ code: 'NO_DIALOG' });
  });

  it('forgets a dialog the person answered in the browser', async () => {
    const fake = fakeDebugger();
    const cdp = new CdpInput(fake.api);
    await cdp.acquire(4, 'run');
    fake.emit(4, 'Page.javascriptDialogOpening', { type: 'prompt', message: 'Name?', defaultPrompt: 'Ada', url: '' });
    expect(cdp.openDialog(4)).toMatchObject({ type: 'prompt', defaultPrompt: 'Ada' });
    fake.emit(4, 'Page.javascriptDialogClosed', { result: true });
    expect(cdp.openDialog(4)).toBeUndefined();
  });

  it('adds editing commands for Meta shortcuts on a Mac', async () => {
    const fake = fakeDebugger();
    const cdp = new CdpInput(fake.api, { isMac: () => true });
    await cdp.acquire(1, 'run');
    await cdp.keys(1, [{ type: 'down', key: 'a', code: 'KeyA', keyCode: 65, modifiers: ['Meta'] }]);
    expect(fake.sent.at(-1)?.params).toMatchObject({ commands: ['selectAll'], modifiers: 4 });
  });
});
