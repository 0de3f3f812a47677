/**
 * The activity log of the shown conversation: every action that changed something, as cards — when,
 * on which site, what it did, and who allowed it — that hold at any panel width; exportable as JSON or
 * CSV (a download from the panel).
 */
import type { ActivityEntry } from '../../src/shared/activity.js';
import { hostOf, toolLabel, withoutRoles } from '../lib/names.js';
import type { AppModel } from '../models/app-model.js';
import type { ExportFile } from '../models/activity-model.js';
import { personDescription, RawOutput } from '../tools/view-parts.js';

/** Saves a file through an object URL and a download link (the panel's CSP allows blob: downloads). */
function download(file: ExportFile): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: file.mimeType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "14:05", or "3 Mar, 14:05" for another day. */
function when(at: number, now = Date.now()): string {
  const date = new Date(at);
  const time = date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return new Date(now).toDateString() === date.toDateString() ? time : `${date.toLocaleDateString([], { day: 'numeric', month: 'short' })}, ${time}`;
}

/** Who allowed it, as a sentence start for the card ("You allowed it once"). */
function allowedLine(entry: ActivityEntry): string {
  if (entry.allowedByKind === 'person') return `You allowed it ${entry.allowedBy.replace(/^the person \((.*)\)$/, '$1')}`;
  return `Allowed by ${entry.allowedBy}`;
}

/** The judged effect's verb in the past: the card says what was done. */
const PAST: Readonly<Record<string, string>> = {
  types: 'Typed',
  clicks: 'Clicked',
  presses: 'Pressed',
  selects: 'Selected',
  submits: 'Submitted',
  fills: 'Filled',
  opens: 'Opened',
  closes: 'Closed',
  goes: 'Went',
  starts: 'Started',
};

/**
 * What it did, in a line: `did` is the call's description, then " — " and its judged effect
 * ("types “buy milk” into textbox “New item”"); the effect, in the past and without role words, says
 * it best, the description (by element names, never refs) when there is none.
 */
export function didLine(entry: Pick<ActivityEntry, 'did' | 'tool'>): string {
  const [description = '', ...effects] = entry.did.split(' — ');
  const effect = effects.join(' — ');
  if (!effect) return personDescription(description) || toolLabel(entry.tool);
  const words = withoutRoles(effect);
  const verb = /^\S+/.exec(words)?.[0] ?? '';
  return Object.hasOwn(PAST, verb) ? `${PAST[verb]}${words.slice(verb.length)}` : words.charAt(0).toUpperCase() + words.slice(1);
}

function ActivityCard({ entry }: { entry: ActivityEntry }) {
  const what = didLine(entry);
  return (
    <li class="activity-card" data-status={entry.status} data-tool={entry.tool}>
      <p class="activity-when muted">
        <time dateTime={new Date(entry.at).toISOString()}>{when(entry.at)}</time>
        {entry.site && (
          <>
            {' · '}
            <span class="activity-site">{hostOf(entry.site)}</span>
          </>
        )}
      </p>
      <p class="activity-what">
        <bdi>{what}</bdi>
      </p>
      {entry.status === 'error' && <p class="activity-failed error-text">It failed.</p>}
      <p class="activity-who muted">{allowedLine(entry)}.</p>
      <RawOutput text={`${entry.did}\n\n${entry.status === 'error' ? 'Failed: ' : 'Result: '}${entry.outcome}`} label="Details" />
    </li>
  );
}

/** The log, oldest first, with the export buttons. */
export function ActivityView({ app }: { app: AppModel }) {
  const model = app.activity;
  const entries = model.entries.value;
  return (
    <section class="activity" aria-labelledby="activity-title">
      <div class="section-head">
        <h2 id="activity-title">Activity</h2>
        <div class="section-actions">
          <button type="button" disabled={entries.length === 0} onClick={() => download(model.exportAs('json'))}>
            Export JSON
          </button>
          <button type="button" disabled={entries.length === 0} onClick={() => download(model.exportAs('csv'))}>
            Export CSV
          </button>
        </div>
      </div>
      <p class="muted">What the agent changed in this conversation, and who allowed it. Reading is not listed: it changes nothing.</p>
      {model.error.value && <p class="error-text">{model.error.value}</p>}
      {model.status.value === 'loading' && <p class="muted">Loading…</p>}
      {model.status.value === 'loaded' && entries.length === 0 && <p class="muted">Nothing has been changed in this conversation yet.</p>}
      {entries.length > 0 && (
        <ol class="activity-list">
          {entries.map((entry) => (
            <ActivityCard key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}
