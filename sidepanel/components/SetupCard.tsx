/**
 * The first run: with no model ready, the chat shows this card — pick a provider, paste a key (none for
 * a local server), Test, Save — or "Try it without a key" with the demo model. The key is typed into
 * this extension page and saved to extension storage; only the worker sends it, to the provider.
 */
import { useState } from 'preact/hooks';
import { providerReady } from '../../src/shared/settings.js';
import { withProviderKind } from '../lib/provider-kinds.js';
import type { AppModel } from '../models/app-model.js';
import { KeyTestButton, KeyTestResult, ProviderFields } from './settings/ProviderFields.js';
import { sectionOrFirst } from './settings/sections.js';

const MODEL_FIELDS = sectionOrFirst('model').fields;

/** The setup card. */
export function SetupCard({ app }: { app: AppModel }) {
  const settings = app.settings;
  const status = settings.sectionSaves.value['model'];
  const [missing, setMissing] = useState(false);
  const tryDemo = async () => {
    settings.edit((draft) => withProviderKind(draft, 'demo'), 'provider');
    app.keyTest.clear();
    await settings.save(MODEL_FIELDS, 'model');
  };
  return (
    <section class="setup-card" aria-labelledby="setup-title">
      <h2 id="setup-title">Set up a model</h2>
      <p>Pagewright needs a model to read pages and decide what to do. Pick a provider and paste its API key, then test it.</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // Saved without the key it needs, the card would only come back: say what is missing instead.
          if (!providerReady(settings.draft.value)) setMissing(true);
          else void settings.save(MODEL_FIELDS, 'model');
        }}
      >
        <ProviderFields settings={settings} keyTest={app.keyTest} compact />
        <div class="form-actions">
          <KeyTestButton settings={settings} keyTest={app.keyTest} />
          <button type="submit" class="primary" disabled={status?.state === 'saving'}>
            Save and start
          </button>
        </div>
        <KeyTestResult keyTest={app.keyTest} />
        {missing && !providerReady(settings.draft.value) && (
          <p class="error-text" role="alert">
            Paste the API key first (or pick a local server, which needs none, or try the demo model below).
          </p>
        )}
        {status?.state === 'error' && (
          <p class="error-text" role="alert">
            {status.error}
          </p>
        )}
      </form>
      <div class="setup-demo">
        <p>
          <strong>No key yet?</strong> The demo model needs none: it echoes what you say and reads this page with the real tools, so you can see how Pagewright
          works.
        </p>
        <button type="button" onClick={() => void tryDemo()}>
          Try it without a key
        </button>
      </div>
    </section>
  );
}
