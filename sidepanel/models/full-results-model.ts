/** Full texts of tool results stored over budget, fetched from the worker when the person opens one. */
import { signal } from '@preact/signals';
import { requestWorker, type SendMessage } from '../../src/shared/protocol/requests.js';

/** The state of an "Open full result" request. */
export type FullResultState = { status: 'loading' } | { status: 'loaded'; content: string } | { status: 'error'; message: string };

export class FullResultsModel {
  readonly byId = signal<Readonly<Record<string, FullResultState>>>({});

  constructor(private readonly send: SendMessage) {}

  /** Fetches a stored result once; a second open while loading or loaded does nothing. */
  async open(storedId: string): Promise<void> {
    const current = this.byId.value[storedId];
    if (current?.status === 'loading' || current?.status === 'loaded') return;
    this.set(storedId, { status: 'loading' });
    try {
      const { content } = await requestWorker(this.send, 'results.read', { storedId });
      this.set(storedId, { status: 'loaded', content });
    } catch (error) {
      const { message, suggestion } = error as { message?: string; suggestion?: string };
      this.set(storedId, { status: 'error', message: [message, suggestion].filter(Boolean).join(' ') || 'The stored result could not be read.' });
    }
  }

  private set(storedId: string, state: FullResultState): void {
    this.byId.value = { ...this.byId.value, [storedId]: state };
  }
}
