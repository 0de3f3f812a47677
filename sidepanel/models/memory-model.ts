/** The agent's memory as listed in Settings: view and delete, through the worker (WorkerRequest). */
import { signal } from '@preact/signals';
import { z } from 'zod';
import { workerResponseSchema, type WorkerRequest } from '../../src/shared/protocol.js';

/** One memory entry as shown; extra fields from the store are ignored. */
export interface MemoryEntryView {
  key: string;
  value: string;
  updatedAt?: number;
}

const entrySchema = z.looseObject({ key: z.string(), value: z.unknown(), updatedAt: z.number().optional() });
// The store may answer with a bare list or `{ entries }`; both are accepted.
const listSchema = z.union([z.array(entrySchema), z.looseObject({ entries: z.array(entrySchema) }).transform((data) => data.entries)]);

/** Sends a one-shot `WorkerRequest` (runtime.sendMessage in the panel). */
export type SendRequest = (request: WorkerRequest) => Promise<unknown>;

/** Memory list state and actions. */
export class MemoryModel {
  readonly entries = signal<MemoryEntryView[]>([]);
  readonly status = signal<'idle' | 'loading' | 'loaded' | 'error'>('idle');
  readonly error = signal<string | undefined>(undefined);

  constructor(private readonly request: SendRequest) {}

  async refresh(): Promise<void> {
    this.status.value = 'loading';
    const data = await this.call({ type: 'list_memory' });
    if (data === undefined) return;
    const parsed = listSchema.safeParse(data);
    if (!parsed.success) {
      this.fail('The memory list came back in an unexpected shape.');
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
    const ok = await this.call({ type: 'delete_memory', key });
    if (ok === undefined) this.entries.value = before;
  }

  /** Sends one request; returns its data, or undefined after recording the error. */
  private async call(request: WorkerRequest): Promise<unknown> {
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

  private fail(message: string): void {
    this.error.value = message;
    this.status.value = 'error';
  }
}
