/** What click, type and fill_form share in their views: what was acted on (the ref and, where known, the element's name) and the value. */
import type { ToolCallView } from '../../models/types.js';
import { inputField, resultText } from '../view-parts.js';
import type { Renderer } from '../types.js';

const VERBS: Record<string, string> = { click: 'Click', type: 'Type into', fill_form: 'Fill form' };

/** The `fields` of a fill_form input, defensively read (the input is the model's, not ours). */
export function formFields(call: ToolCallView): { ref: string; value: string }[] {
  const input = call.input;
  if (typeof input !== 'object' || input === null) return [];
  const fields = (input as { fields?: unknown }).fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((field: unknown) => {
    if (typeof field !== 'object' || field === null) return [];
    const { ref, value } = field as { ref?: unknown; value?: unknown };
    return typeof ref === 'string' ? [{ ref, value: typeof value === 'string' ? value : JSON.stringify(value) }] : [];
  });
}

function target(call: ToolCallView) {
  const ref = inputField(call, 'ref');
  return ref ? <code class="ref">{ref}</code> : null;
}

/** The header of an action: the verb, the target ref, the text typed or the fields filled. */
export function actionCall(call: ToolCallView) {
  const verb = VERBS[call.name] ?? call.name;
  if (call.name === 'fill_form') {
    const fields = formFields(call);
    return (
      <div>
        <strong>{verb}</strong> ({fields.length} field{fields.length === 1 ? '' : 's'}){call.description && <span class="muted"> — {call.description}</span>}
        <ul class="fields">
          {fields.map((field) => (
            <li key={field.ref}>
              <code class="ref">{field.ref}</code> ← <q>{field.value}</q>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const text = call.name === 'type' ? inputField(call, 'text') : undefined;
  return (
    <span>
      <strong>{verb}</strong> {target(call)}
      {text !== undefined && (
        <span>
          {' '}
          <q>{text}</q>
        </span>
      )}
      {call.description && <span class="muted"> — {call.description}</span>}
    </span>
  );
}

/** The line an action's result reads as, shortened. */
export const actionResult: Renderer = (call) => {
  const text = resultText(call);
  return <p class="result-line">{text.length > 300 ? `${text.slice(0, 299)}…` : text || 'Done.'}</p>;
};
