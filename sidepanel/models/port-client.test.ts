import { describe, expect, it } from 'vitest';
import { PANEL_PORT_NAME, type WorkerToPanel } from '../../src/shared/protocol/panel.js';
import { PortClient, type PortLike } from './port-client.js';

/** An in-memory port whose worker side the test drives. */
function fakePort() {
  const messageListeners: ((message: unknown) => void)[] = [];
  const disconnectListeners: (() => void)[] = [];
  const posted: unknown[] = [];
  const port: PortLike = {
    postMessage: (message) => posted.push(message),
    disconnect: () => undefined,
    onMessage: { addListener: (listener) => messageListeners.push(listener) },
    onDisconnect: { addListener: (listener) => disconnectListeners.push(listener) },
  };
  return {
    port,
    posted,
    fromWorker: (message: unknown) => messageListeners.forEach((listener) => listener(message)),
    workerStopped: () => disconnectListeners.forEach((listener) => listener()),
  };
}

function setup() {
  const ports: ReturnType<typeof fakePort>[] = [];
  const names: string[] = [];
  const received: WorkerToPanel[] = [];
  const invalid: string[] = [];
  const connections: boolean[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const client = new PortClient({
    connect: (name) => {
      names.push(name);
      const port = fakePort();
      ports.push(port);
      return port.port;
    },
    onMessage: (message) => received.push(message),
    onConnected: (isReconnect) => {
      connections.push(isReconnect);
      client.send({ type: 'bind_tab', tabId: 7 });
    },
    onInvalidMessage: (detail) => invalid.push(detail),
    schedule: (callback, ms) => timers.push({ callback, ms }),
  });
  return { client, ports, names, received, invalid, connections, timers };
}

describe('PortClient', () => {
  it('connects with the panel port name and binds on connect', () => {
    const { client, ports, names, connections } = setup();
    client.start();
    expect(names).toEqual([PANEL_PORT_NAME]);
    expect(connections).toEqual([false]);
    expect(ports[0]?.posted).toEqual([{ type: 'bind_tab', tabId: 7 }]);
    expect(client.status.value).toBe('connected');
  });

  it('passes valid worker messages on and reports invalid ones without passing them', () => {
    const { client, ports, received, invalid } = setup();
    client.start();
    ports[0]?.fromWorker({ type: 'run_state', conversationId: 'c1', run: { status: 'running' } });
    ports[0]?.fromWorker({ type: 'run_state', conversationId: 'c1', run: { status: 'exploded' } });
    ports[0]?.fromWorker({ type: 'made_up' });
    expect(received).toEqual([{ type: 'run_state', conversationId: 'c1', run: { status: 'running' } }]);
    expect(invalid).toHaveLength(2);
  });

  it('reconnects after the worker stops, re-binds, and flushes messages queued meanwhile', () => {
    const { client, ports, connections, timers } = setup();
    client.start();
    ports[0]?.workerStopped();
    expect(client.status.value).toBe('reconnecting');
    client.send({ type: 'stop', conversationId: 'c1' });
    expect(ports[0]?.posted).toEqual([{ type: 'bind_tab', tabId: 7 }]);
    expect(timers).toHaveLength(1);
    timers[0]?.callback();
    expect(connections).toEqual([false, true]);
    expect(ports[1]?.posted).toEqual([
      { type: 'bind_tab', tabId: 7 },
      { type: 'stop', conversationId: 'c1' },
    ]);
    expect(client.status.value).toBe('connected');
  });

  it('backs off while the worker keeps disconnecting, and starts over once a message arrives', () => {
    const { client, ports, timers } = setup();
    client.start();
    ports[0]?.workerStopped();
    timers[0]?.callback();
    ports[1]?.workerStopped();
    timers[1]?.callback();
    ports[2]?.workerStopped();
    expect(timers.map((timer) => timer.ms)).toEqual([100, 200, 400]);
    timers[2]?.callback();
    ports[3]?.fromWorker({ type: 'conversations', conversations: [] });
    ports[3]?.workerStopped();
    expect(timers[3]?.ms).toBe(100);
  });

  it('ignores messages from a port it has replaced', () => {
    const { client, ports, received, timers } = setup();
    client.start();
    ports[0]?.workerStopped();
    timers[0]?.callback();
    ports[0]?.fromWorker({ type: 'conversations', conversations: [] });
    expect(received).toEqual([]);
  });

  it('rejects an invalid outgoing message before it leaves the panel', () => {
    const { client } = setup();
    client.start();
    expect(() => client.send({ type: 'send_message', conversationId: 'c1', text: '' })).toThrow();
  });

  it('stops reconnecting once closed', () => {
    const { client, ports, timers } = setup();
    client.start();
    client.close();
    ports[0]?.workerStopped();
    expect(timers).toHaveLength(0);
    expect(client.status.value).toBe('closed');
  });
});
