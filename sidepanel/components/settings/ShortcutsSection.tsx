/** Settings → Shortcuts: prompts of your own, in the page's right-click menu ("Translate the selection"). */
import { a11y, Field } from '../settings-fields.js';
import { SectionForm } from './SectionForm.js';
import type { SectionProps } from './sections.js';

const CONTEXTS = [
  ['selection', 'Selected text'],
  ['page', 'Page'],
  ['link', 'Link'],
  ['image', 'Image'],
] as const;

/** Settings → Shortcuts (the context-menu actions). */
export function ShortcutsSection({ app, fields }: SectionProps) {
  const settings = app.settings;
  const errors = settings.fieldErrors.value;
  const actions = settings.draft.value.customActions;
  return (
    <SectionForm
      id="shortcuts"
      title="Shortcuts"
      intro={
        <>
          Your own prompts in the page's right-click menu. In a prompt, {'{{selection}}'}, {'{{url}}'}, {'{{title}}'} and {'{{link}}'} are filled in.
        </>
      }
      settings={settings}
      fields={fields}
    >
      {actions.length === 0 && <p class="muted">No shortcuts yet.</p>}
      {actions.map((action, index) => (
        <div class="custom-action" key={action.id}>
          <Field path={`customActions.${index}.title`} label="Menu title" errors={errors}>
            <input
              type="text"
              value={action.title}
              {...a11y(`customActions.${index}.title`, errors)}
              onInput={(e) => settings.editCustomAction(index, { title: e.currentTarget.value })}
            />
          </Field>
          <Field path={`customActions.${index}.prompt`} label="Prompt" errors={errors}>
            <textarea
              rows={3}
              value={action.prompt}
              {...a11y(`customActions.${index}.prompt`, errors)}
              onInput={(e) => settings.editCustomAction(index, { prompt: e.currentTarget.value })}
            />
          </Field>
          <fieldset class="contexts">
            <legend>Shown when you right-click</legend>
            {CONTEXTS.map(([context, label]) => (
              <label key={context} class="inline">
                <input
                  type="checkbox"
                  checked={action.contexts.includes(context)}
                  onChange={(e) =>
                    settings.editCustomAction(index, {
                      contexts: e.currentTarget.checked ? [...action.contexts, context] : action.contexts.filter((c) => c !== context),
                    })
                  }
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
          {errors[`customActions.${index}.contexts`] && <p class="field-error">{errors[`customActions.${index}.contexts`]}</p>}
          <button type="button" class="link-button" onClick={() => settings.removeCustomAction(index)}>
            Remove “{action.title || 'this shortcut'}”
          </button>
        </div>
      ))}
      <div>
        <button type="button" onClick={() => settings.addCustomAction()}>
          Add shortcut
        </button>
      </div>
    </SectionForm>
  );
}
