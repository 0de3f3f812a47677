/** Settings → Model: which model the agent uses, its key, and a Test that makes one tiny request. */
import { SectionForm } from './SectionForm.js';
import type { SectionProps } from './sections.js';
import { KeyTestButton, KeyTestResult, ProviderFields } from './ProviderFields.js';

/** Settings → Model, with Test key. */
export function ModelSection({ app, fields }: SectionProps) {
  return (
    <SectionForm
      id="model"
      title="Model"
      intro="The model that reads pages and decides what to do. Its requests go from the extension straight to the provider."
      settings={app.settings}
      fields={fields}
      actions={<KeyTestButton settings={app.settings} keyTest={app.keyTest} />}
    >
      <ProviderFields settings={app.settings} keyTest={app.keyTest} />
      <KeyTestResult keyTest={app.keyTest} />
    </SectionForm>
  );
}
