/**
 * The model fields the setup card and Settings → Model share: provider, API key, model (a picker of the
 * provider's known models plus "Other…"), base URL, and Test. The key field is a password field and is
 * only ever sent to the worker, which alone talks to the provider.
 */
import { useState } from 'preact/hooks';
import { activeProviderConfig, defaultSettings, insecureKeyWarning, type Settings } from '../../../src/shared/settings.js';
import { keyOptional, knownModels, PROVIDER_KINDS, providerKind, withProviderKind, type ProviderKind } from '../../lib/provider-kinds.js';
import type { KeyTestModel } from '../../models/key-test-model.js';
import type { SettingsModel } from '../../models/settings-model.js';
import { a11y, Field, fieldId } from '../settings-fields.js';

const OTHER = '__other__';
const defaultBaseUrl = (provider: Settings['provider']) => (provider === 'demo' ? '' : defaultSettings()[provider].baseUrl);

function ModelPicker({ settings, kind }: { settings: SettingsModel; kind: ProviderKind }) {
  const config = activeProviderConfig(settings.draft.value);
  const models = knownModels(kind);
  const current = config?.model ?? '';
  const [typing, setTyping] = useState(false);
  const other = typing || models.length === 0 || !models.includes(current);
  const path = `${settings.draft.value.provider}.model`;
  const errors = settings.fieldErrors.value;
  return (
    <Field path={path} label="Model" errors={errors} hint={models.length === 0 ? 'The model name your server knows, e.g. llama3.2 or qwen2.5.' : undefined}>
      {models.length > 0 && (
        <select
          id={other ? `${fieldId(path)}-list` : fieldId(path)}
          aria-label={other ? 'Known models' : undefined}
          value={other ? OTHER : current}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setTyping(value === OTHER);
            if (value !== OTHER) settings.editProvider('model', value);
          }}
        >
          {models.map((model) => (
            <option key={model} value={model}>
              {model}
            </option>
          ))}
          <option value={OTHER}>Other…</option>
        </select>
      )}
      {other && (
        <input
          type="text"
          class={models.length > 0 ? 'other-model' : undefined}
          spellcheck={false}
          placeholder={models.length > 0 ? 'Model id, e.g. claude-opus-4-1' : 'llama3.2'}
          value={current}
          {...a11y(path, errors)}
          onInput={(event) => settings.editProvider('model', event.currentTarget.value)}
        />
      )}
    </Field>
  );
}

/** What a test said, as a status line. */
export function KeyTestResult({ keyTest }: { keyTest: KeyTestModel }) {
  const result = keyTest.result.value;
  return (
    <div class={`key-test key-test-${result.state}`} role="status" aria-live="polite">
      {result.state === 'testing' && <p class="muted">Testing…</p>}
      {result.state === 'ok' && <p class="ok-text">{result.message}</p>}
      {result.state === 'failed' && (
        <>
          <p class="error-text">
            <strong>{result.title}.</strong> {result.message}
          </p>
          {result.suggestion && <p class="muted">{result.suggestion}</p>}
        </>
      )}
    </div>
  );
}

/** Provider, key, model and base URL, editing the settings draft. */
export function ProviderFields({ settings, keyTest, compact }: { settings: SettingsModel; keyTest: KeyTestModel; compact?: boolean }) {
  const draft = settings.draft.value;
  const errors = settings.fieldErrors.value;
  const kind = providerKind(draft);
  const config = activeProviderConfig(draft);
  const provider = draft.provider;
  const keyWarning = config ? insecureKeyWarning(config) : undefined;
  const describedBy = (path: string, ...extra: string[]) => [errors[path] ? `${fieldId(path)}-error` : '', ...extra].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <Field path="provider" label="Provider" errors={errors} hint={PROVIDER_KINDS.find((entry) => entry.kind === kind)?.hint}>
        <select
          value={kind}
          {...a11y('provider', errors)}
          onChange={(event) => {
            keyTest.clear();
            settings.edit((d) => withProviderKind(d, event.currentTarget.value as ProviderKind), 'provider');
          }}
        >
          {PROVIDER_KINDS.map((entry) => (
            <option key={entry.kind} value={entry.kind}>
              {entry.label}
            </option>
          ))}
        </select>
      </Field>
      {config && (
        <>
          <Field
            path={`${provider}.apiKey`}
            label={keyOptional(draft) ? 'API key (optional)' : 'API key'}
            errors={errors}
            hint="Kept in this browser's extension storage; only the extension's worker sends it, to the provider."
          >
            <input
              type="password"
              autoComplete="off"
              spellcheck={false}
              value={config.apiKey}
              {...a11y(`${provider}.apiKey`, errors)}
              onInput={(event) => {
                keyTest.clear();
                settings.editProvider('apiKey', event.currentTarget.value);
              }}
            />
          </Field>
          <ModelPicker settings={settings} kind={kind} />
          {/* In the setup card a provider's own address is left out: only a local server needs one typed. */}
          {(!compact || kind === 'local' || config.baseUrl !== defaultBaseUrl(provider)) && (
            <Field path={`${provider}.baseUrl`} label="Base URL" errors={errors} warning={keyWarning}>
              <input
                type="url"
                spellcheck={false}
                value={config.baseUrl}
                {...a11y(`${provider}.baseUrl`, errors)}
                aria-describedby={describedBy(`${provider}.baseUrl`, keyWarning ? `${fieldId(`${provider}.baseUrl`)}-warning` : '')}
                onInput={(event) => {
                  keyTest.clear();
                  settings.editProvider('baseUrl', event.currentTarget.value);
                }}
              />
            </Field>
          )}
        </>
      )}
    </>
  );
}

/** The Test button and its result. */
export function KeyTestButton({ settings, keyTest }: { settings: SettingsModel; keyTest: KeyTestModel }) {
  const testing = keyTest.result.value.state === 'testing';
  return (
    <button type="button" disabled={testing} onClick={() => void keyTest.test(settings.draft.value)}>
      {testing ? 'Testing…' : settings.draft.value.provider === 'demo' ? 'Test' : 'Test key'}
    </button>
  );
}
