/** Settings → Coding agents: programs on this computer that use the browser through Pagewright (acts at once). */
import { CodingAgentsSettings } from '../CodingAgentsSettings.js';
import { SectionForm } from './SectionForm.js';
import type { SectionProps } from './sections.js';

/** Settings → Coding agents: the switch and the mode apply when changed, so there is no Save. */
export function CodingAgentsSection({ app, fields }: SectionProps) {
  return (
    <SectionForm id="coding-agents" title="Coding agents" settings={app.settings} fields={fields}>
      <CodingAgentsSettings model={app.codingAgents} />
    </SectionForm>
  );
}
