/** One-shot worker requests the Settings lists share: the typed call, and the status and error it leaves. */
import { signal } from '@preact/signals';
import { requestWorker, type ParamsOf, type ReplyOf, type SendMessage, type WorkerMethod } from '../../src/shared/protocol/requests.js';

export type { SendMessage } from '../../src/shared/protocol/requests.js';

/** The status and error of a list the panel loads from the worker, and the call that keeps them. */
export class WorkerRequestState {
  readonly status = signal<'idle' | 'loading' | 'loaded' | 'error'>('idle');
  readonly error = signal<string | undefined>(undefined);

  constructor(private readonly send: SendMessage) {}

  /** Calls one method; returns its validated reply, or undefined after recording the error. */
  async call<M extends WorkerMethod>(method: M, params: ParamsOf<M>): Promise<ReplyOf<M> | undefined> {
    try {
      const reply = await requestWorker(this.send, method, params);
      this.error.value = undefined;
      return reply;
    } catch (error) {
      const { message, suggestion } = error as { message?: string; suggestion?: string };
      this.fail([message, suggestion].filter(Boolean).join(' ') || 'The extension did not answer.');
      return undefined;
    }
  }

  fail(message: string): void {
    this.error.value = message;
    this.status.value = 'error';
  }
}

/** A list Settings loads from the worker: its items, and the status and error of the requests behind it. */
export abstract class WorkerListModel {
  protected readonly worker: WorkerRequestState;
  readonly status: WorkerRequestState['status'];
  readonly error: WorkerRequestState['error'];

  constructor(send: SendMessage) {
    this.worker = new WorkerRequestState(send);
    this.status = this.worker.status;
    this.error = this.worker.error;
  }
}
