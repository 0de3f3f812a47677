/**
 * What click, type and fill_form share in their views. The header says what was done to which element,
 * by its name ("Clicked “Delete account”", "Typed “water plants” into “What needs to be done?”"), never
 * by its ref; the result says what followed in words, and the line the model got is behind a toggle.
 */
import type { ToolCallView } from '../../models/types.js';
import { describedElement, elementPhrase, quote, REF_PATTERN, unescapeValue } from '../../lib/names.js';
import { inputField, RawOutput, resultText } from '../view-parts.js';
import type { Renderer } from '../types.js';

/** Present and past tense of each act: the header reads "Click …" until it is done, then "Clicked …". */
const VERBS: Readonly<Record<string, [string, string]>> = {
  click: ['Click', 'Clicked'],
  type: ['Type', 'Typed'],
  fill_form: ['Fill', 'Filled'],
};

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

/** Text shown in a header, cut to a line's worth. */
const short = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The header of an action, in the person's words. */
export function actionCall(call: ToolCallView) {
  const [present, past] = VERBS[call.name] ?? [call.name, call.name];
  const verb = call.status === 'done' ? past : present;
  if (call.name === 'fill_form') {
    const count = formFields(call).length;
    return (
      <span>
        <strong>{verb}</strong> {count} field{count === 1 ? '' : 's'}
      </span>
    );
  }
  const target = elementPhrase(describedElement(call.description));
  const text = call.name === 'type' ? inputField(call, 'text') : undefined;
  const submits = call.name === 'type' && inputField(call, 'submit') === 'true';
  return (
    <span>
      <strong>{verb}</strong>
      {text !== undefined ? ` ${quote(short(text))} into ${target}` : ` ${target}`}
      {submits ? (call.status === 'done' ? ' and pressed Enter' : ' and press Enter') : ''}
    </span>
  );
}

/**
 * "Then: …" of an action's result line, in words for a person: the clauses addressed to the model
 * (which tool to call next, which refs went stale), the input path tag and the refs are left out.
 */
export function whatFollowed(line: string): string[] {
  const then = line.split(/\. Then: /)[1];
  if (then === undefined) return [];
  return then
    .replace(/\.$/, '')
    .split('; ')
    .map((clause) =>
      clause
        .replace(/ \[ref=[a-z0-9]+\]/gi, '')
        .replace(/[:;,] (?:every ref .*|call \w+.*|this run stays .*)$/, '')
        .replace(/^it opened a new tab \d+/, 'it opened a new tab'),
    )
    .filter((clause) => clause !== '' && !/^now stale\b/.test(clause) && !REF_PATTERN.test(clause))
    .map((clause) => clause.replace(/"((?:[^"\\]|\\.)*)"/g, (_quoted, inner: string) => quote(unescapeValue(inner))));
}

/** The result's sentence: "No visible change." or "Then: …". */
export function followedSentence(clauses: readonly string[]): string {
  if (clauses.length === 0) return 'Done.';
  if (clauses.length === 1 && /^no (other )?visible change$/.test(clauses[0] ?? '')) return 'No visible change on the page.';
  return `Then: ${clauses.join('; ')}.`;
}

/** What a fill reported for each field: its name and whether it was set. */
export function filledFields(text: string): { name: string; ok: boolean }[] {
  return text.split('\n').flatMap((line) => {
    const match = /^(?:f\d+)?e\d+: (ok|error[^—]*) — (.*)$/.exec(line);
    if (!match) return [];
    return [{ name: elementPhrase(describedElement(match[2] ?? '')), ok: match[1] === 'ok' }];
  });
}

/** An action's result: the fields filled, what followed, and the model's line behind a toggle. */
export const actionResult: Renderer = (call) => {
  const text = resultText(call);
  const fields = call.name === 'fill_form' ? filledFields(text) : [];
  const followed = whatFollowed(text.split('\n').find((line) => line.includes('. Then: ')) ?? text);
  return (
    <div class="result">
      {fields.length > 0 && (
        <ul class="fields">
          {fields.map((field, index) => (
            <li key={index}>
              {field.name}: {field.ok ? 'filled' : 'not filled'}
            </li>
          ))}
        </ul>
      )}
      <p class="result-line">{followedSentence(followed)}</p>
      {text && <RawOutput text={text} />}
    </div>
  );
};
