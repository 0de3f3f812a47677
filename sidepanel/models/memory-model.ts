/** The agent's memory as listed in Settings: view and delete, through the worker (`memory.*` requests). */
import { signal } from '@preact/signals';
import type { ReplyOf } from '../../src/shared/protocol/requests.js';
import { WorkerListModel } from './worker-request.js';

/** One memory entry as shown. */
export type MemoryEntryView = ReplyOf<'memory.list'>['entries'][number];

/** Memory list state and actions. */
export class MemoryModel extends WorkerListModel {
  readonly entries = signal<MemoryEntryView[]>([]);

  async refresh(): Promise<void> {
    this.status.value = 'loading';
    const reply = await this.worker.call('memory.list', {});
    if (reply === undefined) return;
    this.entries.value = reply.entries;
    this.status.value = 'loaded';
  }

  /** Removes the note at once in the list; puts it back if the worker refuses. */
  async remove(key: string): Promise<void> {
    const before = this.entries.value;
    this.entries.value = before.filter((entry) => entry.key !== key);
    const reply = await this.worker.call('memory.delete', { key });
    if (reply === undefined) this.entries.value = before;
  }
}
