/**
 * The activity log of the shown conversation: every action that changed something, as cards — when,
 * on which site, what it did, and who allowed it — and each plan the person approved or denied, that
 * hold at any panel width; exportable as JSON or CSV (a download from the panel).
 */
import type { ActivityEntry, PlanDecision } from '../../src/shared/activity.js';
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

/** A plan card's answer: approved or denied, its steps and sites, the reason given (the steps behind Details). */
function PlanCard({ entry, plan }: { entry: ActivityEntry; plan: PlanDecision }) {
  const steps = `${plan.steps.length} step${plan.steps.length === 1 ? '' : 's'}`;
  const approved = plan.decision === 'approved';
  return (
    <li class="activity-card" data-status={entry.status} data-plan={plan.decision}>
      <p class="activity-when muted">
        <time dateTime={new Date(entry.at).toISOString()}>{when(entry.at)}</time>
        {' · '}
        <span class="activity-site">{plan.sites.map(hostOf).join(', ')}</span>
      </p>
      <p class="activity-what">
        {approved ? 'Plan approved' : 'Plan denied'}: {steps}
      </p>
      <p class="activity-who muted">
        {approved
          ? 'You approved it: from then on, acts on these sites ran without asking you; what cannot be undone, or went to another site, still asked.'
          : 'You denied it: nothing in it ran.'}
        {plan.reason && (
          <>
            {' Your reason: '}
            <bdi>{plan.reason}</bdi>
          </>
        )}
      </p>
      <RawOutput text={plan.steps.map((step, n) => `${n + 1}. ${step}`).join('\n')} label="Steps" />
    </li>
  );
}

function ActivityCard({ entry }: { entry: ActivityEntry }) {
  if (entry.plan) return <PlanCard entry={entry} plan={entry.plan} />;
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
      <p class="muted">
        What the agent changed in this conversation, the plans you approved or denied, and who allowed each act. Reading is not listed: it changes nothing.
      </p>
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
