import { describe, expect, it } from 'vitest';
import type { BridgeStatus } from '../../shared/external-agents.js';
import { splitMessage } from '../../shared/protocol/bridge-chunks.js';
import { NativeLink, portFailure, type NativePort } from './native-link.js';

const ID = 'cdinbldeegnaijcdmlcjlkjeolaeanje';

function fakePort() {
  const messages: Array<(m: unknown) => void> = [];
  const disconnects: Array<() => void> = [];
  const posted: unknown[] = [];
  const port: NativePort & { fromHost(m: unknown): void; close(): void; posted: unknown[] } = {
    posted,
    postMessage: (m) => posted.push(m),
    disconnect: () => undefined,
    onMessage: { addListener: (l) => messages.push(l) },
    onDisconnect: { addListener: (l) => disconnects.push(l) },
    fromHost: (m) => messages.forEach((l) => l(m)),
    close: () => disconnects.forEach((l) => l()),
  };
  return port;
}

function setup(lastError?: string, unsupported?: { code: string; message: string; suggestion: string }, helperReadsBytes?: number) {
  const ports: Array<ReturnType<typeof fakePort>> = [];
  const statuses: BridgeStatus[] = [];
  const received: unknown[] = [];
  const scheduled: Array<() => void> = [];
  const link = new NativeLink({
    connectNative: () => {
      const port = fakePort();
      ports.push(port);
      return port;
    },
    lastError: () => lastError,
    extensionId: ID,
    onMessage: (m) => received.push(m),
    onStatus: (s) => statuses.push(s),
    schedule: (f) => scheduled.push(f),
    ...(unsupported ? { unsupported } : {}),
    ...(helperReadsBytes !== undefined ? { helperReadsBytes } : {}),
  });
  return { link, ports, statuses, received, scheduled };
}

describe('the native messaging link', () => {
  it('in a build without the bridge (Firefox), says so when turned on and starts no helper', () => {
    const unsupported = { code: 'NOT_IN_THIS_BROWSER', message: 'Chrome and Chromium only.', suggestion: 'Use Chrome.' };
    const { link, ports, statuses } = setup(undefined, unsupported);
    link.start();
    expect(ports).toHaveLength(0);
    expect(statuses).toEqual([{ status: 'failed', error: unsupported }]);
    link.send({ type: 'tools_changed', connection: 'c1' });
    expect(ports).toHaveLength(0);
  });

  it('is ready when the helper says so, joins chunked messages, and drops what does not match the protocol', () => {
    const { link, ports, statuses, received } = setup();
    link.start();
    ports[0]!.fromHost({ type: 'host_ready', protocol: 1, version: '0.1.0' });
    expect(statuses.map((s) => s.status)).toEqual(['starting', 'ready']);
    const long = { type: 'request', connection: 'c1', id: 1, method: 'tools/call', params: { name: 'type', arguments: { text: 'é'.repeat(200_000) } } };
    for (const piece of splitMessage(long, () => 'h1')) ports[0]!.fromHost(piece);
    ports[0]!.fromHost({ type: 'request', connection: 'c1', id: 'not a number', method: 'tools/call' });
    expect(received).toEqual([long]);
  });

  it('sends a long message to the helper whole, and cuts only one that could pass what the helper reads', () => {
    const { link, ports } = setup(undefined, undefined, 1_000_000);
    link.start();
    const long = { type: 'response' as const, connection: 'c1', id: 1, result: { content: [{ type: 'text', text: 'x'.repeat(150_000) }] } };
    link.send(long);
    expect(ports[0]!.posted).toEqual([long]);
    const longer = { ...long, id: 2, result: { content: [{ type: 'text', text: 'x'.repeat(200_000) }] } };
    link.send(longer);
    const pieces = ports[0]!.posted.slice(1) as Array<{ type: string; data: string }>;
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((piece) => piece.type === 'chunk')).toBe(true);
    expect(JSON.parse(pieces.map((piece) => piece.data).join(''))).toEqual(longer);
  });

  it('says the helper is not registered, with the command, and does not keep trying', () => {
    const { link, ports, statuses, scheduled } = setup('Specified native messaging host not found.');
    link.start();
    ports[0]!.close();
    expect(statuses.at(-1)).toMatchObject({
      status: 'failed',
      error: { code: 'HOST_NOT_REGISTERED', suggestion: expect.stringContaining('node bin/pagewright-mcp.mjs install') },
    });
    expect(scheduled).toEqual([]);
  });

  it('names this extension’s id when the helper is registered for another one', () => {
    expect(portFailure('Access to the specified native messaging host is forbidden.', ID, false)).toMatchObject({
      code: 'HOST_FORBIDDEN',
      suggestion: expect.stringContaining(`--extension-id ${ID}`),
    });
  });

  it('starts a helper that ran and stopped again a few times, then leaves it failed', () => {
    const { link, ports, statuses, scheduled } = setup('Native host has exited.');
    link.start();
    ports[0]!.fromHost({ type: 'host_ready', protocol: 1, version: '0.1.0' });
    ports[0]!.close();
    expect(statuses.at(-1)).toMatchObject({ status: 'failed', error: { code: 'HOST_STOPPED' } });
    scheduled.shift()!();
    expect(ports).toHaveLength(2);
    ports[1]!.fromHost({ type: 'host_failed', error: { code: 'ANOTHER_BROWSER', message: 'Another browser…', suggestion: 'Turn it off there.' } });
    expect(statuses.at(-1)).toMatchObject({ status: 'failed', error: { code: 'ANOTHER_BROWSER' } });
    ports[1]!.close();
    expect(statuses.at(-1)).toMatchObject({ error: { code: 'ANOTHER_BROWSER' } });
  });

  it('is off after stop, and sends nothing then', () => {
    const { link, ports, statuses } = setup();
    link.start();
    link.send({ type: 'tools_changed', connection: 'c1' });
    link.stop();
    link.send({ type: 'tools_changed', connection: 'c1' });
    expect(ports[0]!.posted).toEqual([{ type: 'tools_changed', connection: 'c1' }]);
    expect(statuses.at(-1)).toEqual({ status: 'off' });
  });
});
