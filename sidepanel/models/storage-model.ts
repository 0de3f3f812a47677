/** How much Pagewright keeps, for Settings: its own count of the conversations' bytes and the browser's. */
import { signal } from '@preact/signals';
import type { ReplyOf } from '../../src/shared/protocol/requests.js';
import { WorkerListModel } from './worker-request.js';

export class StorageModel extends WorkerListModel {
  readonly usage = signal<ReplyOf<'storage.usage'> | undefined>(undefined);

  async refresh(): Promise<void> {
    const reply = await this.worker.call('storage.usage', {});
    if (reply) this.usage.value = reply;
  }
}

/** 1536 → "1.5 KB", 12_345_678 → "11.8 MB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}
