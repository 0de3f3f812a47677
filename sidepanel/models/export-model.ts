/** Saving a conversation as a file: the worker writes it (Markdown or JSON), the browser's downloads save it. */
import { signal } from '@preact/signals';
import { messageOf } from '../../src/runtime/errors.js';
import { WorkerListModel, type SendMessage } from './worker-request.js';

/** Saves a file through the browser's downloads (chrome.downloads in the panel; a fake in tests). */
export type SaveFile = (file: { filename: string; mimeType: string; content: string }) => Promise<void>;

export class ExportModel extends WorkerListModel {
  /** The conversation being exported, while it is. */
  readonly busy = signal<string | undefined>(undefined);

  constructor(
    send: SendMessage,
    private readonly save: SaveFile,
  ) {
    super(send);
  }

  async export(conversationId: string, format: 'markdown' | 'json'): Promise<void> {
    this.busy.value = conversationId;
    try {
      const file = await this.worker.call('conversations.export', { conversationId, format });
      if (!file) return;
      await this.save(file).catch((error: unknown) => this.worker.fail(`The file could not be saved: ${messageOf(error)}`));
    } finally {
      this.busy.value = undefined;
    }
  }
}
