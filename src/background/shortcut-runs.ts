/**
 * Running a shortcut: its prompt with `{{selection}}`, `{{url}}`, `{{title}}`, `{{link}}` filled from a tab,
 * started through the run manager like any message (the `/name` typed in the panel), or unattended in a
 * background tab of its own (a schedule: opened, run in the schedule's mode, closed, a notification).
 */
import type { PermissionRequest } from '../runtime/permission-types.js';
import type { Notice } from '../shared/protocol/panel.js';
import type { ScheduleState } from '../shared/schedules.js';
import type { Shortcut } from '../shared/shortcuts.js';
import type { TranscriptEntry } from '../shared/transcript.js';
import { fillTemplate, originOfUrl } from './context-menus.js';
import { notice } from './panels.js';
import type { RunManager } from './run-manager.js';

/** What a tab offers a template: its address and title, and the text selected in its top frame. */
export interface TabFacts {
  url: string;
  title: string;
  selection: string;
}

/**
 * The shortcut's prompt filled from the tab. The values are the page's (quoted as its data, as the context
 * menu's are), so the data ledger counts them as read on that page, not as the person's own words.
 */
export const shortcutPrompt = (shortcut: Pick<Shortcut, 'prompt'>, facts: TabFacts): string =>
  fillTemplate(shortcut.prompt, { ...facts, link: '' }, { page: originOfUrl(facts.url) });

export interface ShortcutRunDeps {
  manager: RunManager;
  shortcuts(): Promise<readonly Shortcut[] | undefined>;
  /** The tab's facts; the selection is '' where no script can run (a browser page). */
  tabFacts(tabId: number): Promise<TabFacts>;
}

/** `/name` + Enter in the panel: the shortcut's filled prompt starts (or joins) the conversation's run. */
export async function runShortcutInConversation(deps: ShortcutRunDeps, conversationId: string, shortcutId: string): Promise<Notice | undefined> {
  const shortcut = (await deps.shortcuts())?.find((s) => s.id === shortcutId);
  if (!shortcut) return notice('NOT_FOUND', 'That shortcut no longer exists.', 'Pick another one, or add it again in Settings → Shortcuts.');
  const conversation = await deps.manager.conversations.get(conversationId);
  if (!conversation) return notice('NOT_FOUND', 'That conversation no longer exists.', 'Start a new chat.');
  const facts = conversation.tabId !== undefined ? await deps.tabFacts(conversation.tabId).catch(() => undefined) : undefined;
  const text = shortcutPrompt(shortcut, facts ?? { url: '', title: '', selection: '' });
  // `announce`: the panel did not put the filled prompt in its transcript (it only knew the name).
  return deps.manager.startRun(conversationId, { text, announce: true });
}

export interface ScheduledRunDeps {
  manager: RunManager;
  now(): number;
  /** Opens the address in a background tab of its own and resolves once it has loaded. */
  openBackgroundTab(url: string): Promise<number>;
  closeTab(tabId: number): Promise<void>;
  tabFacts(tabId: number): Promise<TabFacts>;
  notify(id: string, title: string, message: string): Promise<void>;
}

/** The first lines of the run's last answer (what the notification and Settings show). */
export function answerPreview(entries: readonly TranscriptEntry[], maxChars = 200): string {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i];
    if (entry?.kind !== 'message' || entry.message.role !== 'assistant') continue;
    const text = entry.message.content
      .flatMap((block) => (block.type === 'text' ? [block.text] : []))
      .join('\n')
      .trim();
    if (text === '') continue;
    const lines = text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, 3)
      .join('\n');
    return lines.length > maxChars ? `${lines.slice(0, maxChars - 1)}…` : lines;
  }
  return '';
}

/** A schedule's run: its own background tab, its own conversation, its own mode; nobody answers prompts. */
export async function runScheduledShortcut(
  deps: ScheduledRunDeps,
  shortcut: Shortcut & { schedule: NonNullable<Shortcut['schedule']> },
  late: boolean,
): Promise<NonNullable<ScheduleState['lastResult']>> {
  const startedAt = deps.now();
  const tabId = await deps.openBackgroundTab(shortcut.schedule.startUrl);
  let result: NonNullable<ScheduleState['lastResult']>;
  try {
    const conversation = await deps.manager.conversations.create(tabId);
    await deps.manager.conversations.put({ ...conversation, title: `/${shortcut.name} (scheduled)` });
    const text = shortcutPrompt(shortcut, await deps.tabFacts(tabId));
    const refused: PermissionRequest[] = [];
    const refusal = await deps.manager.startRun(conversation.id, {
      text,
      unattended: { permissionMode: shortcut.schedule.mode, refused: (request) => refused.push(request) },
    });
    await deps.manager.settled(conversation.id);
    const run = await deps.manager.conversations.getRun(conversation.id);
    const answer = answerPreview(await deps.manager.conversations.getTranscript(conversation.id));
    const base = { conversationId: conversation.id, ...(late ? { late } : {}) };
    if (refusal) result = { ...base, status: 'error', text: refusal.message };
    else if (run?.status === 'error') result = { ...base, status: 'error', text: run.error?.message ?? 'The run failed.' };
    else if (refused.length > 0)
      result = {
        ...base,
        status: 'refused',
        text: `${refused.length === 1 ? 'One act was' : `${refused.length} acts were`} refused: ${[...new Set(refused.map((r) => r.description))].slice(0, 3).join('; ')}. ${answer}`.trim(),
      };
    else result = { ...base, status: 'done', text: answer || 'Finished with no answer.' };
  } finally {
    await deps.closeTab(tabId).catch(() => undefined);
  }
  const lateNote = late ? 'Ran late: the browser was not running at its time. ' : '';
  await deps
    .notify(`pagewright-schedule-${shortcut.id}-${startedAt}`, `/${shortcut.name}${late ? ' (ran late)' : ''}`, `${lateNote}${result.text}`.slice(0, 400))
    .catch(() => undefined);
  return result;
}
