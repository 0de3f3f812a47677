/**
 * Settings → Shortcuts' schedule list: each scheduled shortcut with its next run and last result (from the
 * worker, `schedules.states`), Pause/Resume and Delete (saved at once), and "Save as shortcut" from a
 * conversation (its first message becomes the prompt).
 */
import { signal } from '@preact/signals';
import type { ScheduleState } from '../../src/shared/schedules.js';
import { shortcutNameFrom } from '../../src/shared/shortcuts.js';
import type { SettingsModel } from './settings-model.js';
import { WorkerListModel, type SendMessage } from './worker-request.js';

/** The schedules' states and the acts on them. */
export class SchedulesModel extends WorkerListModel {
  readonly states = signal<Readonly<Record<string, ScheduleState>>>({});

  constructor(
    send: SendMessage,
    private readonly settings: SettingsModel,
  ) {
    super(send);
  }

  async refresh(): Promise<void> {
    if (this.status.value !== 'loaded') this.status.value = 'loading';
    const reply = await this.worker.call('schedules.states', {});
    if (reply === undefined) return;
    this.states.value = reply.states;
    this.status.value = 'loaded';
  }

  /** Pauses or resumes a schedule (saved at once; the worker clears or sets its alarm). */
  async setPaused(shortcutId: string, paused: boolean): Promise<boolean> {
    const shortcut = this.settings.saved.value.shortcuts.find((s) => s.id === shortcutId);
    if (!shortcut?.schedule) return false;
    return this.settings.saveShortcut(shortcutId, { ...shortcut, schedule: { ...shortcut.schedule, paused } });
  }

  /** Removes the schedule (the shortcut stays). */
  async deleteSchedule(shortcutId: string): Promise<boolean> {
    const shortcut = this.settings.saved.value.shortcuts.find((s) => s.id === shortcutId);
    if (!shortcut) return false;
    const { schedule: _removed, ...rest } = shortcut;
    return this.settings.saveShortcut(shortcutId, rest);
  }

  /** "Save as shortcut": the conversation's first message as a new shortcut, named from its title. Returns the name. */
  async saveConversation(conversationId: string, title: string): Promise<string | undefined> {
    const reply = await this.worker.call('conversations.firstMessage', { conversationId });
    if (reply === undefined) return undefined;
    await this.settings.load();
    const taken = new Set(this.settings.saved.value.shortcuts.map((s) => s.name));
    const name = shortcutNameFrom(title, taken);
    const id = `shortcut-${Date.now().toString(36)}`;
    const saved = await this.settings.saveShortcut(id, { id, name, title: '', prompt: reply.text.slice(0, 4_000), contexts: [] });
    if (!saved) {
      this.worker.fail(this.settings.saveError.value ?? 'The shortcut could not be saved.');
      return undefined;
    }
    return name;
  }
}
