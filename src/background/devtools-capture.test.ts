import { describe, expect, it } from 'vitest';
import type { DebuggerApi } from './cdp-input.js';
import { DevToolsCapture, MAX_CONSOLE_ENTRIES } from './devtools-capture.js';
import { consoleCall, maskHeaders, maskUrl, uncaughtError } from './devtools-entries.js';

function fakeDebugger(reply: (method: string, params: unknown) => unknown = () => ({})) {
  let emit: (tabId: number, method: string, params: Record<string, unknown>) => void = () => undefined;
  let detach: (tabId: number, reason: string) => void = () => undefined;
  const sent: Array<[number, string, unknown]> = [];
  const api: DebuggerApi = {
    attach: async () => undefined,
    detach: async () => undefined,
    send: async (tabId, method, params) => {
      sent.push([tabId, method, params]);
      return reply(method, params);
    },
    onEvent: (listener) => (emit = listener),
    onDetach: (listener) => (detach = listener),
  };
  return {
    api,
    sent,
    emit: (tabId: number, method: string, params: Record<string, unknown>) => emit(tabId, method, params),
    detach: (tabId: number) => detach(tabId, 'target_closed'),
  };
}

const trusted = async () => ({ trusted: true as const });

describe('console and network entries', () => {
  it('masks cookies and credentials in headers, and a password in a URL', () => {
    expect(maskHeaders({ Cookie: 'sid=abc', Authorization: 'Bearer xyz', 'X-Api-Key': 'k1', Accept: 'text/html', 'set-cookie': 'a=b' })).toEqual({
      Cookie: '(masked, 7 characters)',
      Authorization: '(masked, 10 characters)',
      'X-Api-Key': '(masked, 2 characters)',
      Accept: 'text/html',
      'set-cookie': '(masked, 3 characters)',
    });
    expect(maskUrl('https://ada:hunter2@api.test/x?q=1')).toBe('https://(masked)@api.test/x?q=1');
  });

  it('reads console arguments as a developer sees them, and an uncaught error with where it was thrown', () => {
    expect(
      consoleCall({
        type: 'warning',
        timestamp: 1_700_000_000_000.4,
        args: [
          { type: 'string', value: 'count' },
          { type: 'number', value: 3 },
          { type: 'object', preview: { properties: [{ name: 'a', value: '1' }], overflow: true } },
        ],
        stackTrace: { callFrames: [{ url: 'https://app.test/main.js', lineNumber: 9 }] },
      }),
    ).toEqual({ level: 'warning', source: 'console', text: 'count 3 {a: 1, …}', url: 'https://app.test/main.js', line: 10, time: 1_700_000_000_000 });
    expect(
      uncaughtError({
        timestamp: 5,
        exceptionDetails: { text: 'Uncaught', exception: { description: 'TypeError: x is undefined' }, url: 'https://app.test/a.js', lineNumber: 0 },
      }),
    ).toMatchObject({
      level: 'error',
      source: 'exception',
      text: 'Uncaught TypeError: x is undefined',
      line: 1,
    });
  });
});

describe('the capture', () => {
  it('starts at attach, keeps the newest entries within its bound, and forgets a tab the debugger left', async () => {
    const debug = fakeDebugger();
    const capture = new DevToolsCapture(debug.api, trusted, () => 1_000);
    await capture.start(4);
    expect(debug.sent.map(([, method]) => method)).toEqual(['Runtime.enable', 'Log.enable', 'Network.enable']);
    for (let i = 0; i < MAX_CONSOLE_ENTRIES + 5; i++)
      debug.emit(4, 'Runtime.consoleAPICalled', { type: 'log', timestamp: i, args: [{ type: 'string', value: `m${i}` }] });
    debug.emit(5, 'Runtime.consoleAPICalled', { type: 'log', args: [] }); // not attached: not kept
    const window = await capture.console(4, 'run');
    expect(window).toMatchObject({ since: 1_000, dropped: 5 });
    expect(window.entries).toHaveLength(MAX_CONSOLE_ENTRIES);
    expect(window.entries[0]?.text).toBe('m5');
    debug.detach(4);
    // Attached again: a fresh capture.
    expect((await capture.console(4, 'run')).entries).toEqual([]);
  });

  it('follows a request through a redirect to its response, and gives its details with masked headers and bodies', async () => {
    const debug = fakeDebugger((method) => (method === 'Network.getResponseBody' ? { body: '{"ok":true}', base64Encoded: false } : {}));
    const capture = new DevToolsCapture(debug.api, trusted);
    await capture.start(1);
    debug.emit(1, 'Network.requestWillBeSent', {
      requestId: 'A',
      type: 'Fetch',
      timestamp: 1,
      wallTime: 1_700_000_000,
      request: { url: 'https://app.test/old', method: 'POST', headers: { Cookie: 's=1' }, postData: 'q=1' },
    });
    debug.emit(1, 'Network.requestWillBeSent', {
      requestId: 'A',
      type: 'Fetch',
      timestamp: 1.5,
      wallTime: 1_700_000_000.5,
      redirectResponse: { status: 302, headers: {} },
      request: { url: 'https://app.test/new', method: 'GET', headers: {} },
    });
    debug.emit(1, 'Network.responseReceived', { requestId: 'A', response: { status: 200, mimeType: 'application/json', headers: { 'Set-Cookie': 'x=y' } } });
    debug.emit(1, 'Network.loadingFinished', { requestId: 'A', timestamp: 1.75, encodedDataLength: 120 });
    debug.emit(1, 'Network.requestWillBeSent', {
      requestId: 'B',
      type: 'Image',
      timestamp: 2,
      request: { url: 'https://cdn.test/i.png', method: 'GET', headers: {} },
    });
    debug.emit(1, 'Network.loadingFailed', { requestId: 'B', errorText: 'net::ERR_NAME_NOT_RESOLVED' });
    const { entries } = await capture.network(1, 'run');
    expect(entries).toEqual([
      expect.objectContaining({ id: 'r1', method: 'POST', url: 'https://app.test/old', status: 302, durationMs: 500 }),
      expect.objectContaining({ id: 'r2', url: 'https://app.test/new', status: 200, size: 120, durationMs: 250 }),
      expect.objectContaining({ id: 'r3', failed: 'net::ERR_NAME_NOT_RESOLVED' }),
    ]);
    const details = await capture.request(1, 'run', 'r2', { bodies: true });
    expect(details.responseHeaders).toEqual({ 'Set-Cookie': '(masked, 3 characters)' });
    expect(details.responseBody).toEqual({ text: '{"ok":true}' });
    expect((await capture.request(1, 'run', 'r1', { bodies: false })).requestHeaders).toEqual({ Cookie: '(masked, 3 characters)' });
    await expect(capture.request(1, 'run', 'r9', { bodies: false })).rejects.toMatchObject({ code: 'REQUEST_NOT_FOUND' });
  });

  it('says why when the debugger cannot attach (DevTools is open on the tab)', async () => {
    const capture = new DevToolsCapture(fakeDebugger().api, async () => ({
      trusted: false,
      reason: 'another debugger (DevTools or another extension) is attached to this tab',
    }));
    await expect(capture.console(1, 'run')).rejects.toMatchObject({ code: 'DEBUGGER_UNAVAILABLE', message: expect.stringContaining('DevTools') });
  });

  it('runs a script by JSON, reports what it threw, and stops one that outlives its deadline', async () => {
    let hang = false;
    const debug = fakeDebugger((method, params) => {
      if (method !== 'Runtime.evaluate') return {};
      if (hang) return new Promise(() => undefined);
      return (params as { expression: string }).expression === 'throw'
        ? { exceptionDetails: { exception: { description: 'Error: nope' } } }
        : { result: { type: 'number', value: 6 } };
    });
    const capture = new DevToolsCapture(debug.api, trusted);
    const signal = new AbortController().signal;
    expect(await capture.evaluate(1, 'run', '3*2', { timeoutMs: 1_000, signal })).toEqual({ ok: true, value: 6, type: 'number' });
    expect(await capture.evaluate(1, 'run', 'throw', { timeoutMs: 1_000, signal })).toEqual({ ok: false, exception: 'Error: nope' });
    hang = true;
    await expect(capture.evaluate(1, 'run', 'while(1){}', { timeoutMs: 20, signal })).rejects.toMatchObject({ code: 'SCRIPT_TIMEOUT' });
    expect(debug.sent.at(-1)?.[1]).toBe('Runtime.terminateExecution');
  });
});
