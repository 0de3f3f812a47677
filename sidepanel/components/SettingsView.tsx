/** Settings: a menu of sections, and the chosen section (each saves on its own; see settings/sections.ts). */
import type { AppModel } from '../models/app-model.js';
import { sectionOrFirst, SETTINGS_SECTIONS } from './settings/sections.js';

/** The settings page. */
export function SettingsView({ app }: { app: AppModel }) {
  const current = sectionOrFirst(app.settingsSection.value);
  const Section = current.component;
  return (
    <section class="settings" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <nav class="section-menu" aria-label="Settings sections">
        {SETTINGS_SECTIONS.map((section) => {
          // Edits left in another section are kept, and the menu says so until they are saved.
          const dirty = section.fields.length > 0 && app.settings.isDirty(section.fields);
          return (
            <button
              key={section.id}
              type="button"
              aria-current={section.id === current.id ? 'page' : undefined}
              onClick={() => (app.settingsSection.value = section.id)}
            >
              {section.label}
              {dirty ? <span class="unsaved"> • not saved</span> : null}
            </button>
          );
        })}
      </nav>
      <Section app={app} fields={current.fields} />
    </section>
  );
}
