/** One-shot `WorkerRequest` plumbing the Settings lists share: send, check the answer with zod, record failures. */
import { signal } from '@preact/signals';
import { workerResponseSchema, type WorkerRequest } from '../../src/shared/protocol.js';

/** Sends a one-shot `WorkerRequest` (runtime.sendMessage in the panel). */
export type SendRequest = (request: WorkerRequest) => Promise<unknown>;

/** The status and error of a list the panel loads from the worker, and the call that keeps them. */
export class WorkerRequestState {
  readonly status = signal<'idle' | 'loading' | 'loaded' | 'error'>('idle');
  readonly error = signal<string | undefined>(undefined);

  constructor(private readonly request: SendRequest) {}

  /** Sends one request; returns its data (null for none), or undefined after recording the error. */
  async call(request: WorkerRequest): Promise<unknown> {
    let raw: unknown;
    try {
      raw = await this.request(request);
    } catch (error) {
      this.fail(`The extension did not answer: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
    const response = workerResponseSchema.safeParse(raw);
    if (!response.success) {
      this.fail('The extension gave an unexpected answer.');
      return undefined;
    }
    if (!response.data.ok) {
      this.fail(`${response.data.error.message} ${response.data.error.suggestion}`);
      return undefined;
    }
    this.error.value = undefined;
    return response.data.data ?? null;
  }

  fail(message: string): void {
    this.error.value = message;
    this.status.value = 'error';
  }
}
