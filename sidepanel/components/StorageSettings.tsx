/** Settings → Storage: how much Pagewright keeps, and the cap past which the oldest conversations go first. */
import type { SettingsModel } from '../models/settings-model.js';
import { formatBytes, type StorageModel } from '../models/storage-model.js';
import { a11y, Field } from './settings-fields.js';

export function StorageSettings({ settings, storage }: { settings: SettingsModel; storage: StorageModel }) {
  const errors = settings.fieldErrors.value;
  const usage = storage.usage.value;
  return (
    <fieldset class="storage-settings">
      <legend>Storage</legend>
      <p class="muted" role="status" aria-label="Storage used">
        {usage
          ? `Pagewright keeps ${formatBytes(usage.bytes)} in ${usage.conversations} conversation${usage.conversations === 1 ? '' : 's'} (transcripts and stored results)${usage.browser ? `; the browser counts ${formatBytes(usage.browser.usage)} for the extension` : ''}.`
          : (storage.error.value ?? 'Counting…')}
      </p>
      <Field
        path="storageCapMb"
        label="Storage cap (MB, 0 = none)"
        errors={errors}
        hint="Past it, the least recently used conversations are deleted first (never one that is running). Export the ones you want to keep."
      >
        <input
          type="number"
          min={0}
          step={50}
          value={settings.draft.value.storageCapMb}
          {...a11y('storageCapMb', errors)}
          onInput={(e) => settings.edit((d) => ({ ...d, storageCapMb: e.currentTarget.valueAsNumber }), 'storageCapMb')}
        />
      </Field>
    </fieldset>
  );
}
