/**
 * The part of a permission prompt that says what the call will really do: its effect in words, the
 * facts behind it (the exact text, each field and value, the key), where it lands, and any data about
 * to leave the site it was read on. Everything here is text the page may have written: Preact renders
 * it as text, and the worker already put it on one line with invisible characters shown.
 */
import { MAX_FLOWS_SHOWN, type DataFlow } from '../../src/runtime/permission-types.js';
import type { PanelPermissionRequest } from '../models/types.js';

/** Where the data was read, as the person reads it: a screenshot's site, or everything read once the ledger is full. */
function flowSource(flow: DataFlow): string {
  if (flow.seen === 'screenshot') return `seen in a screenshot of ${flow.from}`;
  if (flow.seen === 'unindexed') return `may come from ${flow.from} (this task read more than can be checked)`;
  return `from ${flow.from}`;
}

/** The judged effect of a pending call. */
export function PermissionEffect({ request }: { request: PanelPermissionRequest }) {
  const effect = request.effect;
  if (!effect) return null;
  const flows = effect.dataFlows ?? [];
  return (
    <div class="permission-effect">
      {effect.summary && (
        <p class="permission-summary">
          <span class="permission-label">What it will do: </span>
          {effect.summary}
        </p>
      )}
      {(effect.facts?.length || effect.landing) && (
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
      )}
      {flows.length > 0 && (
        <div class="permission-flows" role="group" aria-label="Data leaving its site">
          <p class="warning">Text read on another site would be sent to {flows[0]?.to}:</p>
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
      )}
    </div>
  );
}
