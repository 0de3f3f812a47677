/**
 * The panel's end of the port to the service worker. Every incoming message is checked with
 * `workerToPanelSchema`; when the worker stops (the browser may stop it at any time) the port
 * disconnects, and the client reconnects and replays its binding so the restored state is shown.
 */
import { signal } from '@preact/signals';
import { PANEL_PORT_NAME, panelToWorkerSchema, workerToPanelSchema, type PanelToWorker, type WorkerToPanel } from '../../src/shared/protocol/panel.js';

/** The part of `runtime.Port` the client uses, so tests can pass an in-memory pair. */
export interface PortLike {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

/** Opens a port by name (runtime.connect in the panel). */
export type ConnectPort = (name: string) => PortLike;

/** Callbacks and timing of a `PortClient`. */
export interface PortClientOptions {
  connect: ConnectPort;
  /** Called with every valid message from the worker. */
  onMessage: (message: WorkerToPanel) => void;
  /** Called after each (re)connection, before queued messages are flushed: re-bind here. */
  onConnected: (isReconnect: boolean) => void;
  /** Called when a message from the worker fails validation. */
  onInvalidMessage?: (detail: string) => void;
  /** Delay before the n-th reconnection attempt (0-based). */
  reconnectDelayMs?: (attempt: number) => number;
  schedule?: (callback: () => void, ms: number) => unknown;
}

/** Status shown in the header: reconnecting is visible to the person, never a silent hang. */
export type PortStatus = 'connecting' | 'connected' | 'reconnecting' | 'closed';

/** A reconnecting, validating port client. */
export class PortClient {
  readonly status = signal<PortStatus>('connecting');
  private port: PortLike | undefined;
  private queue: PanelToWorker[] = [];
  private attempts = 0;
  private everConnected = false;
  private closed = false;
  private readonly options: Required<Omit<PortClientOptions, 'onInvalidMessage'>> & Pick<PortClientOptions, 'onInvalidMessage'>;

  constructor(options: PortClientOptions) {
    this.options = {
      reconnectDelayMs: (attempt) => Math.min(100 * 2 ** attempt, 2_000),
      schedule: (callback, ms) => setTimeout(callback, ms),
      ...options,
    };
  }

  /** Opens the port. Safe to call once; reconnection is automatic afterwards. */
  start(): void {
    this.open();
  }

  /** Sends a message now, or queues it until the port is back. Invalid messages throw (a programming error). */
  send(message: PanelToWorker): void {
    const checked = panelToWorkerSchema.parse(message);
    if (this.port && this.status.value === 'connected') {
      try {
        this.port.postMessage(checked);
        return;
      } catch {
        // The port died between the disconnect event and now: queue and reconnect.
        this.handleDisconnect();
      }
    }
    this.queue.push(checked);
  }

  /** Closes for good (the panel is unloading). */
  close(): void {
    this.closed = true;
    this.status.value = 'closed';
    this.port?.disconnect();
    this.port = undefined;
  }

  private open(): void {
    if (this.closed) return;
    let port: PortLike;
    try {
      port = this.options.connect(PANEL_PORT_NAME);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.port = port;
    port.onMessage.addListener((raw) => {
      if (this.port !== port) return;
      // A message means the worker is really up: only now does the backoff start over.
      this.attempts = 0;
      const parsed = workerToPanelSchema.safeParse(raw);
      if (!parsed.success) {
        // Checked at the receiving end: a malformed message is reported, never rendered.
        this.options.onInvalidMessage?.(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
        return;
      }
      this.options.onMessage(parsed.data);
    });
    port.onDisconnect.addListener(() => {
      if (this.port === port) this.handleDisconnect();
    });
    const isReconnect = this.everConnected;
    this.everConnected = true;
    this.status.value = 'connected';
    this.options.onConnected(isReconnect);
    const pending = this.queue;
    this.queue = [];
    for (const message of pending) this.send(message);
  }

  private handleDisconnect(): void {
    this.port = undefined;
    if (this.closed) return;
    this.status.value = 'reconnecting';
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = this.options.reconnectDelayMs(this.attempts);
    this.attempts += 1;
    this.options.schedule(() => this.open(), delay);
  }
}
