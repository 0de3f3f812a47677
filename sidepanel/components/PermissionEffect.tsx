/**
 * The facts behind a permission prompt. By default: the data about to leave the site it was read on,
 * always in view (it is what the person must see to say no). With `facts`: the judged facts — the
 * exact text, each field and value, the key, where it lands — for the prompt's folded Details.
 * Everything here is text the page may have written: Preact renders it as text, and the worker already
 * put it on one line with invisible characters shown.
 */
import { MAX_FLOWS_SHOWN, type DataFlow } from '../../src/runtime/permission-types.js';
import type { PanelPermissionRequest } from '../models/types.js';

/** Where the data was read, as the person reads it: a screenshot's site, or everything read once the ledger is full. */
function flowSource(flow: DataFlow): string {
  if (flow.seen === 'screenshot') return `seen in a screenshot of ${flow.from}`;
  if (flow.seen === 'unindexed') return `may come from ${flow.from} (this task read more than can be checked)`;
  return `read on ${flow.from}`;
}

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
        {flows.slice(0, MAX_FLOWS_SHOWN).map((flow, index) => (
          <li key={index}>
            <span class="permission-label">{flowSource(flow)}: </span>
            <q>
              <bdi>{flow.text}</bdi>
            </q>
          </li>
        ))}
      </ul>
      {flows.length > MAX_FLOWS_SHOWN && <p>…and {flows.length - MAX_FLOWS_SHOWN} more not listed (“Allow for this task” covers only those listed).</p>}
    </div>
  );
}
