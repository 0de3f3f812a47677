/**
 * Notices a Streamable HTTP response stream that ends before it carried its answer. The SDK reads a
 * `tools/call` answer from the POST's event stream; when a server dies mid-call that stream breaks,
 * and unless the server made the stream resumable the SDK only reports "SSE stream disconnected" and
 * leaves the request waiting for ever. This wraps `fetch` to see which JSON-RPC requests each POST
 * carried and when its stream ends; `onBroken` then names the requests that never got an answer, so
 * the connection can fail exactly those calls (and check whether the server is still there).
 */
import { messageOf } from '../runtime/errors.js';

/** JSON-RPC request ids, as the SDK numbers them. */
export type RequestId = string | number;

/** A fetch that watches response streams, and the bookkeeping it shares with the connection. */
export interface StreamWatch {
  fetch: typeof fetch;
  /** The connection saw an answer (or a cancellation) for this request: it is no longer waiting. */
  settle(id: RequestId): void;
  /** Stop reporting (the connection is closing on purpose). */
  stop(): void;
}

function requestIdsOf(body: unknown): { requests: RequestId[]; cancelled: RequestId[] } {
  const requests: RequestId[] = [];
  const cancelled: RequestId[] = [];
  if (typeof body !== 'string') return { requests, cancelled };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { requests, cancelled };
  }
  for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
    if (typeof message !== 'object' || message === null) continue;
    const { id, method, params } = message as { id?: unknown; method?: unknown; params?: { requestId?: unknown } };
    if (typeof method === 'string' && (typeof id === 'string' || typeof id === 'number')) requests.push(id);
    const cancelledId = params?.requestId;
    if (method === 'notifications/cancelled' && (typeof cancelledId === 'string' || typeof cancelledId === 'number')) cancelled.push(cancelledId);
  }
  return { requests, cancelled };
}

/** Wraps `base` so that `onBroken(ids, why)` hears of every answer stream that ended without its answer. */
export function watchResponseStreams(base: typeof fetch, onBroken: (ids: RequestId[], why: string) => void): StreamWatch {
  const waiting = new Set<RequestId>();
  let stopped = false;

  const watched: typeof fetch = async (input, init) => {
    const { requests, cancelled } = init?.method === 'POST' ? requestIdsOf(init.body) : { requests: [], cancelled: [] };
    for (const id of cancelled) waiting.delete(id);
    const response = await base(input, init);
    const eventStream = (response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream');
    if (requests.length === 0 || !response.ok || !eventStream || !response.body) return response;
    for (const id of requests) waiting.add(id);

    const reader = response.body.getReader();
    const ended = (why: string) => {
      // The SDK parses what the stream delivered in promise jobs after the last chunk; a macrotask later
      // every answer the stream carried has been settled, so whatever is still waiting really was lost.
      setTimeout(() => {
        if (stopped) return;
        const lost = requests.filter((id) => waiting.has(id));
        for (const id of lost) waiting.delete(id);
        if (lost.length > 0) onBroken(lost, why);
      }, 0);
    };
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            controller.close();
            ended('the server closed the stream without answering');
          } else {
            controller.enqueue(value);
          }
        } catch (error) {
          controller.error(error);
          ended(`the connection broke: ${messageOf(error)}`);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  return {
    fetch: watched,
    settle: (id) => void waiting.delete(id),
    stop: () => {
      stopped = true;
      waiting.clear();
    },
  };
}
