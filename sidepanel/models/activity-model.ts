/** A conversation's activity log as the panel shows it: loaded from the worker, exported as JSON or CSV. */
import { signal } from '@preact/signals';
import { activityToCsv, activityToJson, type ActivityEntry } from '../../src/shared/activity.js';
import { WorkerRequestState, type SendMessage } from './worker-request.js';

/** A file the person downloads. */
export interface ExportFile {
  filename: string;
  mimeType: string;
  content: string;
}

/** Activity log state and actions. */
export class ActivityModel {
  readonly entries = signal<ActivityEntry[]>([]);
  readonly conversationId = signal<string | undefined>(undefined);
  private readonly worker: WorkerRequestState;
  readonly status: WorkerRequestState['status'];
  readonly error: WorkerRequestState['error'];

  constructor(send: SendMessage) {
    this.worker = new WorkerRequestState(send);
    this.status = this.worker.status;
    this.error = this.worker.error;
  }

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
