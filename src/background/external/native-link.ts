/**
 * The worker's end of native messaging: while Coding agents is on, it holds a port to the helper the
 * browser starts (`chrome.runtime.connectNative`), which also keeps the worker alive. Messages are checked
 * against the bridge protocol, long ones joined from their chunks; each way the helper can be missing or
 * fail becomes a status with what the person should do (the exact command, with this extension's id).
 */
import type { ErrorSummary } from '../../runtime/errors.js';
import type { BridgeStatus } from '../../shared/external-agents.js';
import { ChunkJoiner, MAX_BROWSER_MESSAGE_BYTES, splitMessage, surelyAtMost } from '../../shared/protocol/bridge-chunks.js';
import { hostToExtensionSchema, NATIVE_HOST_NAME, type ExtensionToHost, type HostToExtension } from '../../shared/protocol/bridge.js';

/** What this needs of a native messaging port (chrome.runtime.Port; a fake in tests). */
export interface NativePort {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

export interface NativeLinkOptions {
  connectNative(name: string): NativePort;
  /** `chrome.runtime.lastError?.message`, read when the port disconnects. */
  lastError(): string | undefined;
  extensionId: string;
  onMessage(message: Exclude<HostToExtension, { type: 'chunk' | 'host_ready' | 'host_failed' }>): void;
  onStatus(status: BridgeStatus): void;
  /** Waits before connecting again after the helper stopped on its own (default 3 s, then 15 s, then gives up). */
  retryDelaysMs?: readonly number[];
  schedule?: (callback: () => void, ms: number) => void;
  /** Set where this build has no bridge (Firefox): start() only reports it, and nothing is connected. */
  unsupported?: ErrorSummary;
  /** The most the helper reads in one message (default `MAX_BROWSER_MESSAGE_BYTES`); a message that could pass it is cut. */
  helperReadsBytes?: number;
}

const INSTALL = 'node bin/pagewright-mcp.mjs install';

/** Why the port closed, in words for the person, from the browser's message. */
export function portFailure(lastError: string | undefined, extensionId: string, wasReady: boolean): ErrorSummary {
  const text = lastError ?? '';
  if (/not found/i.test(text))
    return {
      code: 'HOST_NOT_REGISTERED',
      message: 'Pagewright’s helper for coding agents is not registered with this browser.',
      suggestion: `In a terminal, in the Pagewright folder, run \`${INSTALL}\` (for a browser started with --user-data-dir DIR add \`--profile DIR\`), then press Try again.`,
    };
  if (/forbidden/i.test(text))
    return {
      code: 'HOST_FORBIDDEN',
      message: 'Pagewright’s helper is registered for another extension id, so the browser will not let this Pagewright start it.',
      suggestion: `Run \`${INSTALL} --extension-id ${extensionId}\`, then press Try again.`,
    };
  if (wasReady)
    return {
      code: 'HOST_STOPPED',
      message: 'Pagewright’s helper for coding agents stopped.',
      suggestion: 'Press Try again. If it keeps stopping, its log is in ~/.pagewright/host.log.',
    };
  return {
    code: 'HOST_FAILED',
    message: `Pagewright’s helper for coding agents did not start${text ? ` (${text})` : ''}.`,
    suggestion: `Check that Node.js 20 or newer is installed and run \`${INSTALL}\` again from the Pagewright folder (after \`npm ci\`), then press Try again.`,
  };
}

export class NativeLink {
  private port: NativePort | undefined;
  private current: BridgeStatus = { status: 'off' };
  private readonly joiner = new ChunkJoiner();
  private chunkIds = 0;
  private retries = 0;
  private wanted = false;

  constructor(private readonly options: NativeLinkOptions) {}

  get status(): BridgeStatus {
    return this.current;
  }

  /** Connects (the switch is on, or the person pressed Try again). */
  start(): void {
    this.wanted = true;
    if (this.port) return;
    if (this.options.unsupported) return this.setStatus({ status: 'failed', error: this.options.unsupported });
    this.setStatus({ status: 'starting' });
    let port: NativePort;
    try {
      port = this.options.connectNative(NATIVE_HOST_NAME);
    } catch (error) {
      this.setStatus({ status: 'failed', error: portFailure(String(error), this.options.extensionId, false) });
      return;
    }
    this.port = port;
    let ready = false;
    port.onMessage.addListener((raw) => {
      const message = this.receive(raw);
      if (!message) return;
      if (message.type === 'host_ready') {
        ready = true;
        this.retries = 0;
        this.setStatus({ status: 'ready' });
      } else if (message.type === 'host_failed') {
        this.wanted = false; // it says why; starting it again would only say so again
        this.setStatus({ status: 'failed', error: message.error });
      } else if (message.type !== 'chunk') this.options.onMessage(message);
    });
    port.onDisconnect.addListener(() => {
      const error = this.options.lastError();
      this.port = undefined;
      if (this.current.status === 'failed') return; // host_failed already said why
      if (!this.wanted) return this.setStatus({ status: 'off' });
      this.setStatus({ status: 'failed', error: portFailure(error, this.options.extensionId, ready) });
      const delays = this.options.retryDelaysMs ?? [3_000, 15_000];
      const delay = delays[this.retries];
      // A helper that ran and stopped is started again a few times; one that is missing is not.
      if (ready && delay !== undefined) {
        this.retries++;
        (this.options.schedule ?? ((f, ms) => setTimeout(f, ms)))(() => this.wanted && !this.port && this.start(), delay);
      }
    });
  }

  /** Disconnects: the browser ends the helper, which tells every connected server. */
  stop(): void {
    this.wanted = false;
    const port = this.port;
    this.port = undefined;
    port?.disconnect();
    this.setStatus({ status: 'off' });
  }

  /**
   * Sends one message, whole unless it could pass what the helper reads in one (the browser itself takes
   * up to 4 GB this way): a long page read or a screenshot is not written out as JSON once more only to
   * be measured. Dropped when the helper is not connected (the server then hears it closed).
   */
  send(message: ExtensionToHost): void {
    const port = this.port;
    if (!port) return;
    if (surelyAtMost(message, this.options.helperReadsBytes ?? MAX_BROWSER_MESSAGE_BYTES)) return port.postMessage(message);
    for (const piece of splitMessage(message, () => `x${++this.chunkIds}`)) port.postMessage(piece);
  }

  private receive(raw: unknown): HostToExtension | undefined {
    const parsed = hostToExtensionSchema.safeParse(raw);
    if (!parsed.success) return undefined;
    if (parsed.data.type !== 'chunk') return parsed.data;
    try {
      const whole = this.joiner.add(parsed.data);
      return whole === undefined ? undefined : this.receive(whole);
    } catch {
      return undefined;
    }
  }

  private setStatus(status: BridgeStatus): void {
    this.current = status;
    this.options.onStatus(status);
  }
}
