/** The agent's memory as listed in Settings: view and delete, through the worker (WorkerRequest). */
import { signal } from '@preact/signals';
import { z } from 'zod';
import { WorkerRequestState, type SendRequest } from './worker-request.js';

/** One memory entry as shown; extra fields from the store are ignored. */
export interface MemoryEntryView {
  key: string;
  value: string;
  updatedAt?: number;
}

const entrySchema = z.looseObject({ key: z.string(), value: z.unknown(), updatedAt: z.number().optional() });
// The store may answer with a bare list or `{ entries }`; both are accepted.
const listSchema = z.union([z.array(entrySchema), z.looseObject({ entries: z.array(entrySchema) }).transform((data) => data.entries)]);

export type { SendRequest } from './worker-request.js';

/** Memory list state and actions. */
export class MemoryModel {
  readonly entries = signal<MemoryEntryView[]>([]);
  private readonly worker: WorkerRequestState;
  readonly status: WorkerRequestState['status'];
  readonly error: WorkerRequestState['error'];

  constructor(request: SendRequest) {
    this.worker = new WorkerRequestState(request);
    this.status = this.worker.status;
    this.error = this.worker.error;
  }

  async refresh(): Promise<void> {
    this.status.value = 'loading';
    const data = await this.worker.call({ type: 'list_memory' });
    if (data === undefined) return;
    const parsed = listSchema.safeParse(data);
    if (!parsed.success) {
      this.worker.fail('The memory list came back in an unexpected shape.');
      return;
    }
    this.entries.value = parsed.data.map((entry) => ({
      key: entry.key,
      value: typeof entry.value === 'string' ? entry.value : JSON.stringify(entry.value),
      ...(entry.updatedAt !== undefined ? { updatedAt: entry.updatedAt } : {}),
    }));
    this.status.value = 'loaded';
  }

  async remove(key: string): Promise<void> {
    const before = this.entries.value;
    this.entries.value = before.filter((entry) => entry.key !== key);
    const ok = await this.worker.call({ type: 'delete_memory', key });
    if (ok === undefined) this.entries.value = before;
  }

  /** Sends one request; returns its data, or undefined after recording the error. */

}
