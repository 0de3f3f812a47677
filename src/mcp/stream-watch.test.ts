import { describe, expect, it } from 'vitest';
import { watchResponseStreams, type RequestId } from './stream-watch.js';

const encoder = new TextEncoder();
const callBody = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'x' } });
const nextMacrotask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A fetch whose answer is an event stream the test writes to. */
function eventStreamServer() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  // Notifications are accepted with 202 and no body; the first request gets the stream.
  const fetch = (async (_url: unknown, init?: RequestInit) =>
    String(init?.body).includes('notifications/')
      ? new Response(null, { status: 202 })
      : new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })) as typeof globalThis.fetch;
  return {
    fetch,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
    fail: (error: Error) => controller.error(error),
  };
}

async function drain(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    return '(broken)';
  }
}

describe('watching answer streams', () => {
  it('reports a request whose stream ended without its answer', async () => {
    const server = eventStreamServer();
    const broken: Array<[RequestId[], string]> = [];
    const watch = watchResponseStreams(server.fetch, (ids, why) => broken.push([ids, why]));
    const response = await watch.fetch('http://x/mcp', { method: 'POST', body: callBody(7) });
    server.write('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":7,"progress":1}}\n\n');
    server.end();
    expect(await drain(response)).toContain('notifications/progress');
    await nextMacrotask();
    expect(broken).toEqual([[[7], 'the server closed the stream without answering']]);
  });

  it('reports a stream that broke, with the reason', async () => {
    const server = eventStreamServer();
    const broken: Array<[RequestId[], string]> = [];
    const watch = watchResponseStreams(server.fetch, (ids, why) => broken.push([ids, why]));
    const response = await watch.fetch('http://x/mcp', { method: 'POST', body: callBody(8) });
    server.fail(new TypeError('terminated'));
    expect(await drain(response)).toBe('(broken)');
    await nextMacrotask();
    expect(broken).toEqual([[[8], 'the connection broke: terminated']]);
  });

  it('stays quiet for answered and cancelled requests, and after stop()', async () => {
    const broken: RequestId[][] = [];
    for (const settleHow of ['answer', 'cancel', 'stop'] as const) {
      const server = eventStreamServer();
      const watch = watchResponseStreams(server.fetch, (ids) => broken.push(ids));
      const response = await watch.fetch('http://x/mcp', { method: 'POST', body: callBody(9) });
      if (settleHow === 'answer') watch.settle(9);
      if (settleHow === 'cancel')
        await watch.fetch('http://x/mcp', {
          method: 'POST',
          body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 9 } }),
        });
      if (settleHow === 'stop') watch.stop();
      server.end();
      await drain(response);
      await nextMacrotask();
    }
    expect(broken).toEqual([]);
  });

  it('passes other answers through untouched', async () => {
    const json = new Response('{"jsonrpc":"2.0","id":1,"result":{}}', { headers: { 'content-type': 'application/json' } });
    const watch = watchResponseStreams((async () => json) as typeof fetch, () => undefined);
    expect(await watch.fetch('http://x/mcp', { method: 'POST', body: callBody(1) })).toBe(json);
  });
});
