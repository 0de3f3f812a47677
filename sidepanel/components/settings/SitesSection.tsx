/** Settings → Sites allowed: "Always allow on this site" answers, and Revoke to take one back. */
import { toolLabel } from '../../lib/names.js';
import { SectionForm } from './SectionForm.js';
import type { SectionProps } from './sections.js';

/** Settings → Sites allowed: acts at once. */
export function SitesSection({ app, fields }: SectionProps) {
  const grants = app.grants;
  const list = grants.grants.value;
  return (
    <SectionForm
      id="sites"
      title="Sites allowed"
      intro="What the agent may do without asking, because you answered “Always allow on this site”. A revoked one asks again from the next run."
      settings={app.settings}
      fields={fields}
    >
      {grants.error.value && <p class="error-text">{grants.error.value}</p>}
      {grants.status.value === 'loaded' && list.length === 0 && <p class="muted">Nothing yet.</p>}
      <ul class="grant-list">
        {list.map((grant) => (
          <li key={`${grant.origin} ${grant.tool}`} data-grant-origin={grant.origin} data-grant-tool={grant.tool}>
            <span class="grant-text">
              <strong>{toolLabel(grant.tool)}</strong> on <span class="grant-origin">{grant.origin}</span>
            </span>
            <button
              type="button"
              class="icon-button"
              aria-label={`Revoke ${toolLabel(grant.tool)} on ${grant.origin}`}
              onClick={() => void grants.revoke(grant)}
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
    </SectionForm>
  );
}
