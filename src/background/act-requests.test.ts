import { describe, expect, it } from 'vitest';
import { ActRequestTracker, LONG_OPEN_MS } from './act-requests.js';

function tracker() {
  let emit: (tabId: number, method: string, params: Record<string, unknown>) => void = () => undefined;
  let detach: (tabId: number, reason: string) => void = () => undefined;
  let now = 1_000;
  const requests = new ActRequestTracker({ onEvent: (listener) => (emit = listener), onDetach: (listener) => (detach = listener) }, () => now);
  const send = (id: string, url: string, type = 'Fetch', isSameSite = true) =>
    emit(1, 'Network.requestWillBeSent', { requestId: id, type, request: { url, method: 'POST', isSameSite } });
  const end = (id: string, failed = false) => emit(1, failed ? 'Network.loadingFailed' : 'Network.loadingFinished', { requestId: id });
  return {
    requests,
    send,
    end,
    emit,
    detach: () => detach(1, 'target_closed'),
    advance: (ms: number) => (now += ms),
  };
}

const never = new AbortController().signal;

describe('the requests an act set off', () => {
  it('counts fetch and XHR to the page’s own site begun after the mark, until each ends', async () => {
    const t = tracker();
    t.send('before', 'http://app.test/flows', 'XHR');
    t.end('before');
    const act = t.requests.mark(1);
    expect(act.open()).toBe(0);
    expect(act.sinceLastEnded()).toBe(Infinity);
    t.send('deploy', 'http://app.test/flows', 'XHR');
    t.send('save', 'http://app.test/settings?x=1', 'Fetch');
    expect(act.open()).toBe(2);
    const idle = act.idle(60_000, never);
    t.end('deploy');
    t.advance(5);
    t.end('save', true);
    await idle;
    expect(act.open()).toBe(0);
    t.advance(40);
    expect(act.sinceLastEnded()).toBe(40);
    act.stop();
  });

  it('leaves out beacons, event streams, page loads, other sites, and a poll’s next round', () => {
    const t = tracker();
    t.send('poll-1', 'http://app.test/comms?since=1', 'XHR');
    const act = t.requests.mark(1);
    for (const [id, type] of [
      ['beacon', 'Ping'],
      ['events', 'EventSource'],
      ['page', 'Document'],
      ['script', 'Script'],
    ] as const)
      t.send(id, `http://app.test/${id}`, type);
    t.send('analytics', 'http://tracker.test/collect', 'Fetch', false);
    // The poll that was open at the mark answers and the page asks again: its next round is not the act's.
    t.end('poll-1');
    t.send('poll-2', 'http://app.test/comms?since=2', 'XHR');
    expect(act.open()).toBe(0);
    // A fetch whose answer is an event stream is answered when its headers come.
    t.send('stream', 'http://app.test/stream', 'Fetch');
    expect(act.open()).toBe(1);
    t.emit(1, 'Network.responseReceived', { requestId: 'stream', response: { mimeType: 'text/event-stream' } });
    expect(act.open()).toBe(0);
    act.stop();
  });

  it('leaves out an address whose requests stayed open long (a long poll), and stops waiting at its bound', async () => {
    const t = tracker();
    t.send('long', 'http://app.test/updates', 'Fetch');
    t.advance(LONG_OPEN_MS);
    t.end('long');
    const act = t.requests.mark(1);
    t.send('again', 'http://app.test/updates', 'Fetch');
    expect(act.open()).toBe(0);
    t.send('slow', 'http://app.test/slow', 'Fetch');
    await act.idle(20, never); // bounded: a request still open does not hold the act
    expect(act.open()).toBe(1);
    act.stop();
  });

  it('counts a redirect as the same request, and stops waiting when the debugger detaches', async () => {
    const t = tracker();
    const act = t.requests.mark(1);
    t.send('r', 'http://app.test/save', 'Fetch');
    t.send('r', 'http://app.test/saved', 'Fetch');
    expect(act.open()).toBe(1);
    const idle = act.idle(60_000, never);
    t.detach();
    await idle;
    expect(act.open()).toBe(0);
  });

  it('stops waiting when the act is stopped', async () => {
    const t = tracker();
    const act = t.requests.mark(1);
    t.send('r', 'http://app.test/save');
    const stop = new AbortController();
    const idle = act.idle(60_000, stop.signal);
    stop.abort();
    await idle;
    expect(act.open()).toBe(1);
  });
});
