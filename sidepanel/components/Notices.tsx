/** Problems not tied to a run: invalid stored settings, worker notices, a lost connection. */
import type { AppModel } from '../models/app-model.js';

/** The notices strip above the page. */
export function Notices({ app }: { app: AppModel }) {
  const stored = app.settings.storedProblem.value;
  // Once the panel has read the settings itself, its own notice (above) is the one that is current:
  // the worker's SETTINGS_INVALID says the same thing a second time, and stays after the fix is saved.
  const notices = app.conversation.notices.value.filter((notice) => !(notice.code === 'SETTINGS_INVALID' && app.settings.loaded.value));
  const status = app.port.status.value;
  return (
    <div class="notices">
      {status === 'reconnecting' && (
        <p class="notice info" role="status">
          Reconnecting to the extension…
        </p>
      )}
      {stored && (
        <div class="notice error" role="alert" data-notice="settings-invalid">
          <p>
            <strong>{stored.message}</strong>
          </p>
          <p>{stored.suggestion}</p>
          <button type="button" class="link-button" onClick={() => app.showPage('settings', 'model')}>
            Open settings
          </button>
        </div>
      )}
      {notices.map((notice) => (
        <div key={notice.id} class={`notice ${notice.level}`} role={notice.level === 'error' ? 'alert' : 'status'} data-notice={notice.code}>
          <p>
            <strong>{notice.message}</strong>
          </p>
          {notice.suggestion && <p>{notice.suggestion}</p>}
          <button type="button" class="link-button" aria-label="Dismiss notice" onClick={() => app.conversation.dismissNotice(notice.id)}>
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}
