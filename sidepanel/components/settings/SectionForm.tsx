/**
 * One Settings section's frame. A section with fields saves them with its own Save button (and only
 * them: another section's unsaved edits stay unsaved) and says when it holds unsaved changes; a section
 * without fields acts at once and says so.
 */
import type { ComponentChildren } from 'preact';
import type { SettingsField, SettingsModel } from '../../models/settings-model.js';

/** The frame: heading, intro, the fields, and Save (or the line that no Save is needed). */
export function SectionForm({
  id,
  title,
  intro,
  settings,
  fields,
  actions,
  children,
}: {
  id: string;
  title: string;
  intro?: ComponentChildren;
  settings: SettingsModel;
  /** The settings this section saves; empty when it acts at once. */
  fields: readonly SettingsField[];
  /** More buttons beside Save (e.g. Test key). */
  actions?: ComponentChildren;
  children: ComponentChildren;
}) {
  const saves = fields.length > 0;
  const status = settings.sectionSaves.value[id];
  const dirty = saves && settings.isDirty(fields);
  const line = status?.state === 'error' ? status.error : status?.state === 'saved' && !dirty ? 'Saved.' : dirty ? 'Unsaved changes.' : '';
  const body = (
    <>
      <h3 id={`section-${id}-title`} class="section-title">
        {title}
      </h3>
      {intro && <div class="section-intro muted">{intro}</div>}
      {children}
    </>
  );
  if (!saves)
    return (
      <section class="settings-section" data-section={id} aria-labelledby={`section-${id}-title`}>
        {body}
        <p class="hint muted applies-at-once">Changes here apply at once: there is nothing to save.</p>
      </section>
    );
  return (
    <form
      class="settings-section"
      data-section={id}
      aria-labelledby={`section-${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void settings.save(fields, id);
      }}
    >
      {body}
      <div class="form-actions">
        <button type="submit" class="primary" disabled={status?.state === 'saving'}>
          Save
        </button>
        {actions}
        <span role="status" class={status?.state === 'error' ? 'error-text' : 'muted'}>
          {line}
        </span>
      </div>
    </form>
  );
}
