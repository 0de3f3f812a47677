/**
 * Settings → Cost and context: a budget per run (tokens or dollars), a cap on how large each request may
 * grow before older turns are summarised, and the prices the cost meter uses for the model in use
 * (pre-filled from the built-in table; edit them when the provider's prices change).
 */
import { modelProfile } from '../../src/runtime/context-window/models.js';
import type { SettingsModel } from '../models/settings-model.js';
import { a11y, Field } from './settings-fields.js';

const PRICE_FIELDS = [
  ['input', 'Input'],
  ['output', 'Output'],
  ['cacheRead', 'Cache reads'],
  ['cacheWrite', 'Cache writes'],
] as const;

export function CostSettings({ settings }: { settings: SettingsModel }) {
  const draft = settings.draft.value;
  const errors = settings.fieldErrors.value;
  const model = draft[draft.provider].model;
  const prices = modelProfile(model, draft.models).prices;
  const setPrice = (field: (typeof PRICE_FIELDS)[number][0], value: number) => {
    const base = prices ?? { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
    settings.editModelPrices(model, { ...base, [field]: Number.isFinite(value) ? value : 0 });
  };
  return (
    <fieldset class="cost-settings">
      <legend>Cost and context</legend>
      <Field
        path="runBudget.maxCostUsd"
        label="Budget per run (US dollars, 0 = none)"
        errors={errors}
        hint="The run stops before a step whose estimated cost would pass it."
      >
        <input
          type="number"
          min={0}
          step="0.01"
          value={draft.runBudget.maxCostUsd}
          {...a11y('runBudget.maxCostUsd', errors)}
          onInput={(e) => settings.edit((d) => ({ ...d, runBudget: { ...d.runBudget, maxCostUsd: e.currentTarget.valueAsNumber } }), 'runBudget.maxCostUsd')}
        />
      </Field>
      <Field path="runBudget.maxTokens" label="Budget per run (tokens, 0 = none)" errors={errors}>
        <input
          type="number"
          min={0}
          step={1000}
          value={draft.runBudget.maxTokens}
          {...a11y('runBudget.maxTokens', errors)}
          onInput={(e) => settings.edit((d) => ({ ...d, runBudget: { ...d.runBudget, maxTokens: e.currentTarget.valueAsNumber } }), 'runBudget.maxTokens')}
        />
      </Field>
      <Field
        path="maxContextTokens"
        label="Keep each request under (tokens, 0 = the model's window)"
        errors={errors}
        hint="Older turns are summarised for the model sooner; you still see them all."
      >
        <input
          type="number"
          min={0}
          step={1000}
          value={draft.maxContextTokens}
          {...a11y('maxContextTokens', errors)}
          onInput={(e) => settings.edit((d) => ({ ...d, maxContextTokens: e.currentTarget.valueAsNumber }), 'maxContextTokens')}
        />
      </Field>
      <div class="price-table" role="group" aria-label={`Prices for ${model}`}>
        <p class="hint muted">
          Prices for <code>{model}</code>, US dollars per million tokens{prices ? '' : ' — unknown: the meter shows no cost until you enter them'}.
        </p>
        {PRICE_FIELDS.map(([field, label]) => (
          <label key={field} class="inline">
            {label}{' '}
            <input
              type="number"
              min={0}
              step="0.01"
              value={prices?.[field] ?? ''}
              aria-label={`${label} price for ${model}`}
              onInput={(e) => setPrice(field, e.currentTarget.valueAsNumber)}
            />
          </label>
        ))}
        {draft.models[model]?.prices && (
          <button type="button" class="link-button" onClick={() => settings.editModelPrices(model, undefined)}>
            Use the built-in prices
          </button>
        )}
      </div>
    </fieldset>
  );
}
