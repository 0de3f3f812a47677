/**
 * The facts behind a permission prompt. By default: the data about to leave the site it was read on,
 * always in view (it is what the person must see to say no). With `facts`: the judged facts — the
 * exact text, each field and value, the key, where it lands — for the prompt's folded Details.
 * Everything here is text the page may have written: Preact renders it as text, and the worker already
 * put it on one line with invisible characters shown.
 */
import type { PanelPermissionRequest } from '../models/types.js';

/** The data flows (default) or the facts (`facts`) of a pending call. */
export function PermissionEffect({ request, facts }: { request: PanelPermissionRequest; facts?: boolean }) {
  const effect = request.effect;
  if (!effect) return null;
  if (facts) {
    if (!effect.facts?.length && !effect.landing) return null;
    return (
      <dl class="permission-facts">
        {(effect.facts ?? []).map((fact, index) => (
          <div key={index} class="permission-fact">
            <dt>{fact.label}</dt>
            <dd class={fact.masked ? 'masked' : undefined}>
              <bdi>{fact.value}</bdi>
            </dd>
          </div>
        ))}
        {effect.landing && (
          <div class="permission-fact">
            <dt>Lands on</dt>
            <dd>{effect.landing}</dd>
          </div>
        )}
      </dl>
    );
  }
  const flows = effect.dataFlows ?? [];
  if (flows.length === 0) return null;
  return (
    <div class="permission-flows" role="group" aria-label="Data leaving its site">
      <p class="permission-label">What it would send:</p>
      <ul>
        {flows.slice(0, 8).map((flow, index) => (
          <li key={index}>
            <span class="permission-label">read on {flow.from}: </span>
            <q>
              <bdi>{flow.text}</bdi>
            </q>
          </li>
        ))}
      </ul>
    </div>
  );
}
