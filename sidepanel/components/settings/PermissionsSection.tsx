/** Settings → Permissions: when the agent asks first, the person's own rules, and how many tools it gets. */
import type { SettingsModel } from '../../models/settings-model.js';
import { a11y, Field } from '../settings-fields.js';
import { SectionForm } from './SectionForm.js';
import type { SectionProps } from './sections.js';

const MODES = [
  {
    mode: 'plan',
    label: 'Approve a plan first',
    hint: 'It shows you its steps and sites once; after your yes it acts there without asking. Deleting, paying, sending, data going to another site and other sites still ask.',
  },
  { mode: 'ask', label: 'Ask before changes', hint: 'It reads freely and asks before it clicks, types or goes anywhere.' },
  { mode: 'auto', label: 'Act, ask only for what cannot be undone', hint: 'Deleting, paying, sending and closing tabs still ask.' },
  { mode: 'read-only', label: 'Read only', hint: 'It can read and look, never change anything.' },
] as const;

/** One rule list (allow / deny / ask) as a textarea, one rule a line. */
function RuleList({ settings, kind, errors }: { settings: SettingsModel; kind: 'allow' | 'deny' | 'ask'; errors: Readonly<Record<string, string>> }) {
  const labels = { allow: 'Allow without asking', deny: 'Never allow', ask: 'Always ask' } as const;
  return (
    <Field path={`rules.${kind}`} label={labels[kind]} errors={errors}>
      <textarea
        rows={2}
        spellcheck={false}
        placeholder={kind === 'allow' ? 'read_page\nclick(*.example.com)' : kind === 'deny' ? 'navigate(*.bank.com)' : 'type'}
        value={settings.draft.value.rules[kind].join('\n')}
        {...a11y(`rules.${kind}`, errors)}
        onInput={(e) => {
          const lines = e.currentTarget.value.split('\n').map((line) => line.trim());
          settings.edit((d) => ({ ...d, rules: { ...d.rules, [kind]: lines.filter((line, i) => line !== '' || i === lines.length - 1) } }), `rules.${kind}`);
        }}
      />
    </Field>
  );
}

/** Settings → Permissions. */
export function PermissionsSection({ app, fields }: SectionProps) {
  const settings = app.settings;
  const draft = settings.draft.value;
  const errors = settings.fieldErrors.value;
  return (
    <SectionForm
      id="permissions"
      title="Permissions"
      intro="Whatever you choose, data read on one site never goes to another without asking."
      settings={settings}
      fields={fields}
    >
      <fieldset class="choices">
        <legend>When the agent asks first</legend>
        {MODES.map(({ mode, label, hint }) => (
          <label key={mode} class="choice">
            <input
              type="radio"
              name="permissionMode"
              value={mode}
              checked={draft.permissionMode === mode}
              onChange={() => settings.edit((d) => ({ ...d, permissionMode: mode }), 'permissionMode')}
            />
            <span>
              <span class="choice-label">{label}</span>
              <span class="hint muted">{hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset class="rules">
        <legend>Your rules</legend>
        <p class="hint muted">
          One a line: a tool (<code>click</code>) or a tool on sites (<code>click(*.example.com)</code>). Never allow comes first, then Always ask, then Allow.
        </p>
        <RuleList settings={settings} kind="allow" errors={errors} />
        <RuleList settings={settings} kind="ask" errors={errors} />
        <RuleList settings={settings} kind="deny" errors={errors} />
      </fieldset>
      <label class="inline">
        <input
          type="checkbox"
          checked={draft.simpleMode}
          onChange={(e) => settings.edit((d) => ({ ...d, simpleMode: e.currentTarget.checked }), 'simpleMode')}
        />{' '}
        Simple mode: offer the agent only the core tools
      </label>
    </SectionForm>
  );
}
