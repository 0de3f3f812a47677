/** Settings → Storage: how much Pagewright keeps, and the cap past which the oldest conversations go first. */
import { formatBytes } from '../../models/storage-model.js';
import { a11y, Field } from '../settings-fields.js';
import { SectionForm } from './SectionForm.js';
import type { SectionProps } from './sections.js';

export function StorageSection({ app, fields }: SectionProps) {
  const settings = app.settings;
  const storage = app.storage;
  const errors = settings.fieldErrors.value;
  const usage = storage.usage.value;
  return (
    <SectionForm id="storage" title="Storage" settings={settings} fields={fields}>
      <p class="muted" role="status" aria-label="Storage used">
        {usage
          ? `Pagewright keeps ${formatBytes(usage.bytes)} in ${usage.conversations} conversation${usage.conversations === 1 ? '' : 's'} (transcripts and stored results)${usage.browser ? `; the browser counts ${formatBytes(usage.browser.usage)} for the extension` : ''}.`
          : (storage.error.value ?? 'Counting…')}
      </p>
      <Field
        path="storageCapMb"
        label="Storage cap in MB (0 = none)"
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
    </SectionForm>
  );
}
