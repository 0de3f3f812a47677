/** Settings: provider, key, model, base URL, permission mode, rules, simple mode, custom actions, MCP servers, grants and memory. */
import { insecureKeyWarning } from '../../src/shared/settings.js';
import type { AppModel } from '../models/app-model.js';
import type { GrantsModel } from '../models/grants-model.js';
import type { MemoryModel } from '../models/memory-model.js';
import type { SettingsModel } from '../models/settings-model.js';
import { CodingAgentsSettings } from './CodingAgentsSettings.js';
import { CostSettings } from './CostSettings.js';
import { StorageSettings } from './StorageSettings.js';
import { McpServers } from './McpServers.js';
import { a11y, Field, fieldId } from './settings-fields.js';

const CONTEXTS = ['selection', 'page', 'link', 'image'] as const;

function CustomActions({ settings }: { settings: SettingsModel }) {
  const errors = settings.fieldErrors.value;
  const actions = settings.draft.value.customActions;
  return (
    <fieldset class="custom-actions">
      <legend>Context-menu actions</legend>
      <p class="hint muted">
        Prompt templates: {'{{selection}}'}, {'{{url}}'}, {'{{title}}'} and {'{{link}}'} are filled in.
      </p>
      {actions.map((action, index) => (
        <div class="custom-action" key={action.id}>
          <Field path={`customActions.${index}.title`} label="Title" errors={errors}>
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
          <div class="contexts" role="group" aria-label={`Where “${action.title || 'this action'}” appears`}>
            {CONTEXTS.map((context) => (
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
                {context}
              </label>
            ))}
          </div>
          {errors[`customActions.${index}.contexts`] && <p class="field-error">{errors[`customActions.${index}.contexts`]}</p>}
          <button type="button" class="link-button danger" onClick={() => settings.removeCustomAction(index)}>
            Remove action
          </button>
        </div>
      ))}
      <button type="button" onClick={() => settings.addCustomAction()}>
        Add action
      </button>
    </fieldset>
  );
}

function MemoryList({ memory }: { memory: MemoryModel }) {
  const entries = memory.entries.value;
  return (
    <section class="memory" aria-labelledby="memory-title">
      <div class="section-head">
        <h2 id="memory-title">Agent memory</h2>
        <button type="button" onClick={() => void memory.refresh()}>
          Refresh
        </button>
      </div>
      {memory.error.value && <p class="error-text">{memory.error.value}</p>}
      {memory.status.value === 'loaded' && entries.length === 0 && <p class="muted">The agent has no saved notes.</p>}
      <ul class="memory-list">
        {entries.map((entry) => (
          <li key={entry.key} data-memory-key={entry.key}>
            <details>
              <summary>{entry.key}</summary>
              <pre class="tool-text">{entry.value}</pre>
            </details>
            <button type="button" class="icon-button danger" aria-label={`Delete memory “${entry.key}”`} onClick={() => void memory.remove(entry.key)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Always allow on this site" grants: what the agent may do without asking, and a way to take it back. */
function GrantList({ grants }: { grants: GrantsModel }) {
  const list = grants.grants.value;
  return (
    <section class="grants" aria-labelledby="grants-title">
      {/* Refreshed each time Settings opens; no Refresh button of its own (memory's is "Refresh"). */}
      <h2 id="grants-title">Always allowed on these sites</h2>
      {grants.error.value && <p class="error-text">{grants.error.value}</p>}
      {grants.status.value === 'loaded' && list.length === 0 && (
        <p class="muted">Nothing yet. “Always allow on this site” in a permission prompt adds an entry here.</p>
      )}
      <ul class="grant-list">
        {list.map((grant) => (
          <li key={`${grant.origin} ${grant.tool}`} data-grant-origin={grant.origin} data-grant-tool={grant.tool}>
            <span class="grant-text">
              <code>{grant.tool}</code> on <span class="grant-origin">{grant.origin}</span>
            </span>
            <button type="button" class="icon-button danger" aria-label={`Revoke ${grant.tool} on ${grant.origin}`} onClick={() => void grants.revoke(grant)}>
              Revoke
            </button>
          </li>
        ))}
      </ul>
      {list.length > 0 && <p class="hint muted">A revoked grant applies from the next run: the agent asks again.</p>}
    </section>
  );
}

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

/** The settings page, with the agent's memory below the form. */
export function SettingsView({ app }: { app: AppModel }) {
  const settings = app.settings;
  const draft = settings.draft.value;
  const errors = settings.fieldErrors.value;
  const provider = draft.provider;
  const config = draft[provider];
  const state = settings.saveState.value;
  // Plain http:// to another machine: warn, but let it be saved (a LAN Ollama server is legitimate).
  const keyWarning = insecureKeyWarning(config);
  return (
    <section class="settings" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void settings.save();
        }}
      >
        <Field path="provider" label="Provider" errors={errors}>
          <select
            value={provider}
            {...a11y('provider', errors)}
            onChange={(e) => settings.edit((d) => ({ ...d, provider: e.currentTarget.value === 'openai' ? 'openai' : 'anthropic' }), 'provider')}
          >
            <option value="anthropic">Anthropic</option>
            <option value="openai">OpenAI-compatible (OpenAI, Ollama, LM Studio, OpenRouter…)</option>
          </select>
        </Field>
        <Field path={`${provider}.apiKey`} label="API key" errors={errors} hint="Kept in this browser's extension storage; never sent to web pages.">
          <input
            type="password"
            autoComplete="off"
            spellcheck={false}
            value={config.apiKey}
            {...a11y(`${provider}.apiKey`, errors)}
            onInput={(e) => settings.editProvider('apiKey', e.currentTarget.value)}
          />
        </Field>
        <Field path={`${provider}.model`} label="Model" errors={errors}>
          <input
            type="text"
            spellcheck={false}
            value={config.model}
            {...a11y(`${provider}.model`, errors)}
            onInput={(e) => settings.editProvider('model', e.currentTarget.value)}
          />
        </Field>
        <Field path={`${provider}.baseUrl`} label="Base URL" errors={errors} warning={keyWarning}>
          <input
            type="url"
            spellcheck={false}
            value={config.baseUrl}
            {...a11y(`${provider}.baseUrl`, errors)}
            aria-describedby={
              [errors[`${provider}.baseUrl`] ? `${fieldId(`${provider}.baseUrl`)}-error` : '', keyWarning ? `${fieldId(`${provider}.baseUrl`)}-warning` : '']
                .filter(Boolean)
                .join(' ') || undefined
            }
            onInput={(e) => settings.editProvider('baseUrl', e.currentTarget.value)}
          />
        </Field>
        <Field
          path="permissionMode"
          label="Permission mode"
          errors={errors}
          hint="Ask: read-only calls run, others ask. Auto: only destructive calls ask. Read-only: no changes to pages."
        >
          <select
            value={draft.permissionMode}
            {...a11y('permissionMode', errors)}
            onChange={(e) => {
              const mode = e.currentTarget.value;
              settings.edit((d) => ({ ...d, permissionMode: mode === 'auto' || mode === 'read-only' ? mode : 'ask' }), 'permissionMode');
            }}
          >
            <option value="ask">Ask</option>
            <option value="auto">Auto</option>
            <option value="read-only">Read-only</option>
          </select>
        </Field>
        <fieldset class="rules">
          <legend>Permission rules</legend>
          <p class="hint muted">
            One rule a line: a tool name (<code>click</code>) or a tool and a site (<code>click(*.example.com)</code>). Never allow wins over Always ask, which
            wins over Allow.
          </p>
          <RuleList settings={settings} kind="allow" errors={errors} />
          <RuleList settings={settings} kind="ask" errors={errors} />
          <RuleList settings={settings} kind="deny" errors={errors} />
        </fieldset>
        <Field path="maxTurns" label="Turn limit per run" errors={errors} hint="The run stops after this many model turns (1–200).">
          <input
            type="number"
            min={1}
            max={200}
            value={draft.maxTurns}
            {...a11y('maxTurns', errors)}
            onInput={(e) => settings.edit((d) => ({ ...d, maxTurns: e.currentTarget.valueAsNumber }), 'maxTurns')}
          />
        </Field>
        <div class="field">
          <label class="inline">
            <input
              type="checkbox"
              checked={draft.simpleMode}
              onChange={(e) => settings.edit((d) => ({ ...d, simpleMode: e.currentTarget.checked }), 'simpleMode')}
            />{' '}
            Simple mode (only the core tools)
          </label>
        </div>
        <CustomActions settings={settings} />
        <CostSettings settings={settings} />
        <StorageSettings settings={settings} storage={app.storage} />
        <McpServers settings={settings} mcp={app.mcp} />
        <CodingAgentsSettings model={app.codingAgents} />
        <div class="form-actions">
          <button type="submit" class="primary" disabled={state === 'saving'}>
            Save settings
          </button>
          <span role="status" class={state === 'error' ? 'error-text' : 'muted'}>
            {state === 'saved' ? 'Saved.' : state === 'error' ? settings.saveError.value : ''}
          </span>
        </div>
      </form>
      <GrantList grants={app.grants} />
      <MemoryList memory={app.memory} />
    </section>
  );
}
