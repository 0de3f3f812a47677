/** Settings → Shortcuts: saved prompts typed as `/name`, shown in the right-click menu, run on a schedule. */
import { a11y, Field } from '../settings-fields.js';
import { ScheduleFields } from './ScheduleFields.js';
import { ScheduleList } from './ScheduleList.js';
import { SectionForm } from './SectionForm.js';
import type { SectionProps } from './sections.js';

const CONTEXTS = [
  ['selection', 'Selected text'],
  ['page', 'Page'],
  ['link', 'Link'],
  ['image', 'Image'],
] as const;

/** Settings → Shortcuts. */
export function ShortcutsSection({ app, fields }: SectionProps) {
  const settings = app.settings;
  const errors = settings.fieldErrors.value;
  const shortcuts = settings.draft.value.shortcuts;
  return (
    <SectionForm
      id="shortcuts"
      title="Shortcuts"
      intro={
        <>
          Prompts you use often. Type / and the name in the message box to run one. In a prompt, {'{{selection}}'}, {'{{url}}'}, {'{{title}}'} and {'{{link}}'}{' '}
          are filled in from the page.
        </>
      }
      settings={settings}
      fields={fields}
    >
      <ScheduleList app={app} />
      <h3>Your shortcuts</h3>
      {shortcuts.length === 0 && <p class="muted">No shortcuts yet.</p>}
      {shortcuts.map((shortcut, index) => (
        <div class="custom-action" key={shortcut.id} data-shortcut={shortcut.name}>
          <Field path={`shortcuts.${index}.name`} label="Name (after the /)" errors={errors} hint="Lowercase letters, digits and dashes.">
            <input
              type="text"
              value={shortcut.name}
              {...a11y(`shortcuts.${index}.name`, errors)}
              onInput={(e) => settings.editShortcut(index, { name: e.currentTarget.value })}
            />
          </Field>
          <Field path={`shortcuts.${index}.prompt`} label="Prompt" errors={errors}>
            <textarea
              rows={3}
              value={shortcut.prompt}
              {...a11y(`shortcuts.${index}.prompt`, errors)}
              onInput={(e) => settings.editShortcut(index, { prompt: e.currentTarget.value })}
            />
          </Field>
          <fieldset class="contexts">
            <legend>In the right-click menu on</legend>
            {CONTEXTS.map(([context, label]) => (
              <label key={context} class="inline">
                <input
                  type="checkbox"
                  checked={shortcut.contexts.includes(context)}
                  onChange={(e) =>
                    settings.editShortcut(index, {
                      contexts: e.currentTarget.checked ? [...shortcut.contexts, context] : shortcut.contexts.filter((c) => c !== context),
                    })
                  }
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
          {shortcut.contexts.length > 0 && (
            <Field path={`shortcuts.${index}.title`} label="Menu title" errors={errors} hint={`Empty: “/${shortcut.name}”.`}>
              <input
                type="text"
                value={shortcut.title}
                {...a11y(`shortcuts.${index}.title`, errors)}
                onInput={(e) => settings.editShortcut(index, { title: e.currentTarget.value })}
              />
            </Field>
          )}
          <ScheduleFields
            index={index}
            schedule={shortcut.schedule}
            errors={errors}
            onChange={(schedule) => {
              const { schedule: _old, ...rest } = shortcut;
              settings.edit(
                (draft) => ({ ...draft, shortcuts: draft.shortcuts.map((s, i) => (i === index ? (schedule ? { ...rest, schedule } : rest) : s)) }),
                `shortcuts.${index}.schedule`,
              );
            }}
          />
          <button type="button" class="link-button" onClick={() => settings.removeShortcut(index)}>
            Delete /{shortcut.name || 'this shortcut'}
          </button>
        </div>
      ))}
      <div>
        <button type="button" onClick={() => settings.addShortcut()}>
          Add shortcut
        </button>
      </div>
    </SectionForm>
  );
}
