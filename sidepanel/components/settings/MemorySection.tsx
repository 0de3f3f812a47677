/** Settings → Memory: the notes the agent saved across conversations; Delete takes one away at once. */
import { SectionForm } from './SectionForm.js';
import type { SectionProps } from './sections.js';

/** Settings → Memory: acts at once. */
export function MemorySection({ app, fields }: SectionProps) {
  const memory = app.memory;
  const entries = memory.entries.value;
  return (
    <SectionForm
      id="memory"
      title="Memory"
      intro="Notes the agent keeps between conversations: what you asked it to remember."
      settings={app.settings}
      fields={fields}
    >
      {memory.error.value && <p class="error-text">{memory.error.value}</p>}
      {memory.status.value === 'loaded' && entries.length === 0 && <p class="muted">The agent has no saved notes.</p>}
      <ul class="memory-list">
        {entries.map((entry) => (
          <li key={entry.key} data-memory-key={entry.key}>
            <details>
              <summary>{entry.key}</summary>
              <pre class="tool-text">{entry.value}</pre>
            </details>
            <button type="button" class="icon-button" aria-label={`Delete memory “${entry.key}”`} onClick={() => void memory.remove(entry.key)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
      <div>
        <button type="button" onClick={() => void memory.refresh()}>
          Refresh
        </button>
      </div>
    </SectionForm>
  );
}
