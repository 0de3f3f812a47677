/** A conversation's activity log as the panel shows it: loaded from the worker, exported as JSON or CSV. */
import { signal } from '@preact/signals';
import { activityToCsv, activityToJson, type ActivityEntry } from '../../src/shared/activity.js';
import type { ExportFile } from '../../src/shared/transcript-export.js';
import { WorkerListModel } from './worker-request.js';

export type { ExportFile };

/** Activity log state and actions. */
export class ActivityModel extends WorkerListModel {
  readonly entries = signal<ActivityEntry[]>([]);
  readonly conversationId = signal<string | undefined>(undefined);

  /** Loads the log of a conversation (oldest first). */
  async refresh(conversationId: string | undefined): Promise<void> {
    this.conversationId.value = conversationId;
    if (conversationId === undefined) {
      this.entries.value = [];
      this.status.value = 'loaded';
      return;
    }
    this.status.value = 'loading';
    const reply = await this.worker.call('activity.list', { conversationId });
    if (reply === undefined || this.conversationId.value !== conversationId) return;
    this.entries.value = reply.entries;
    this.status.value = 'loaded';
  }

  /** The log as a file to download. */
  exportAs(format: 'json' | 'csv'): ExportFile {
    const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
    const name = `pagewright-activity-${stamp}.${format}`;
    return format === 'json'
      ? { filename: name, mimeType: 'application/json', content: activityToJson(this.entries.value) }
      : { filename: name, mimeType: 'text/csv', content: activityToCsv(this.entries.value) };
  }
}
