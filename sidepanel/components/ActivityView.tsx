/**
 * The activity log of the shown conversation: every action that changed something, when, on which
 * site, what it did and who allowed it; exportable as JSON or CSV (a download from the panel).
 */
import type { AppModel } from '../models/app-model.js';
import type { ExportFile } from '../models/activity-model.js';

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

const time = (at: number) => new Date(at).toLocaleString();

/** The log, newest last, with the export buttons. */
export function ActivityView({ app }: { app: AppModel }) {
  const model = app.activity;
  const entries = model.entries.value;
  return (
    <section class="activity" aria-label="Activity log">
      <div class="activity-head">
        <h2>Activity</h2>
        <button type="button" disabled={entries.length === 0} onClick={() => download(model.exportAs('json'))}>
          Export JSON
        </button>
        <button type="button" disabled={entries.length === 0} onClick={() => download(model.exportAs('csv'))}>
          Export CSV
        </button>
      </div>
      <p class="muted">Every action in this conversation that changed something, and who allowed it. Reads are not listed.</p>
      {model.error.value && <p class="error">{model.error.value}</p>}
      {model.status.value === 'loading' && <p class="muted">Loading…</p>}
      {model.status.value === 'loaded' && entries.length === 0 && <p class="muted">Nothing has been changed in this conversation yet.</p>}
      {entries.length > 0 && (
        <table class="activity-table">
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Site</th>
              <th scope="col">Tool</th>
              <th scope="col">What it did</th>
              <th scope="col">Allowed by</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-status={entry.status}>
                <td>{time(entry.at)}</td>
                <td>{entry.site ?? '—'}</td>
                <td>
                  <code>{entry.tool}</code>
                </td>
                <td>
                  <bdi>{entry.did}</bdi>
                  {entry.status === 'error' && <div class="muted">failed: {entry.outcome}</div>}
                </td>
                <td>{entry.allowedBy}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
