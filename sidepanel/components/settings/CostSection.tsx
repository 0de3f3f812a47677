/**
 * Settings → Cost and context: a budget per run (tokens or dollars), a turn limit, a cap on how large
 * each request may grow before older turns are summarised, and the prices the cost meter uses for the
 * model in use (pre-filled from the built-in table; edit them when the provider's prices change).
 */
import { modelProfile } from '../../../src/runtime/context-window/models.js';
import { activeProviderConfig } from '../../../src/shared/settings.js';
import type { AppModel } from '../../models/app-model.js';
import { a11y, Field } from '../settings-fields.js';
import { SectionForm } from './SectionForm.js';
import type { SectionProps } from './sections.js';

const PRICE_FIELDS = [
  ['input', 'Input'],
  ['output', 'Output'],
  ['cacheRead', 'Cache reads'],
  ['cacheWrite', 'Cache writes'],
] as const;

/** A number field of this section (budget, caps, limits). */
function NumberField({
  app,
  path,
  label,
  hint,
  value,
  min,
  max,
  step,
  set,
}: {
  app: AppModel;
  path: string;
  label: string;
  hint?: string;
  value: number;
  min: number;
  max?: number;
  step: number | string;
  set: (value: number) => void;
}) {
  const errors = app.settings.fieldErrors.value;
  return (
    <Field path={path} label={label} errors={errors} {...(hint ? { hint } : {})}>
      <input type="number" min={min} max={max} step={step} value={value} {...a11y(path, errors)} onInput={(e) => set(e.currentTarget.valueAsNumber)} />
    </Field>
  );
}

function Prices({ app }: { app: AppModel }) {
  const settings = app.settings;
  const draft = settings.draft.value;
  const model = activeProviderConfig(draft)?.model;
  if (model === undefined) return <p class="muted">The demo model uses no tokens and costs nothing.</p>;
  const prices = modelProfile(model, draft.models).prices;
  const setPrice = (field: (typeof PRICE_FIELDS)[number][0], value: number) => {
    const base = prices ?? { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
    settings.editModelPrices(model, { ...base, [field]: Number.isFinite(value) ? value : 0 });
  };
  return (
    <fieldset class="price-table">
      <legend>Prices for {model}</legend>
      <p class="hint muted">US dollars per million tokens{prices ? '.' : ' — not known for this model: the meter shows “—” until you enter them.'}</p>
      <div class="price-grid">
        {PRICE_FIELDS.map(([field, label]) => (
          <label key={field} class="price-field">
            <span>{label}</span>
            <input type="number" min={0} step="0.01" value={prices?.[field] ?? ''} onInput={(e) => setPrice(field, e.currentTarget.valueAsNumber)} />
          </label>
        ))}
      </div>
      {draft.models[model]?.prices && (
        <button type="button" class="link-button" onClick={() => settings.editModelPrices(model, undefined)}>
          Use the built-in prices
        </button>
      )}
    </fieldset>
  );
}

/** Settings → Cost and context. */
export function CostSection({ app, fields }: SectionProps) {
  const settings = app.settings;
  const draft = settings.draft.value;
  const edit = settings.edit.bind(settings);
  return (
    <SectionForm
      id="cost"
      title="Cost and context"
      intro="Limits for each run, and the prices the cost shown under each run is estimated from."
      settings={settings}
      fields={fields}
    >
      <NumberField
        app={app}
        path="runBudget.maxCostUsd"
        label="Budget per run, US dollars (0 = none)"
        hint="The run stops before a step whose estimated cost would pass it."
        value={draft.runBudget.maxCostUsd}
        min={0}
        step="0.01"
        set={(value) => edit((d) => ({ ...d, runBudget: { ...d.runBudget, maxCostUsd: value } }), 'runBudget.maxCostUsd')}
      />
      <NumberField
        app={app}
        path="runBudget.maxTokens"
        label="Budget per run, tokens (0 = none)"
        value={draft.runBudget.maxTokens}
        min={0}
        step={1000}
        set={(value) => edit((d) => ({ ...d, runBudget: { ...d.runBudget, maxTokens: value } }), 'runBudget.maxTokens')}
      />
      <NumberField
        app={app}
        path="maxTurns"
        label="Turn limit per run"
        hint="The run stops after this many model turns (1–200)."
        value={draft.maxTurns}
        min={1}
        max={200}
        step={1}
        set={(value) => edit((d) => ({ ...d, maxTurns: value }), 'maxTurns')}
      />
      <NumberField
        app={app}
        path="maxContextTokens"
        label="Keep each request under, tokens (0 = the model's window)"
        hint="Older turns are summarised for the model sooner; you still see them all."
        value={draft.maxContextTokens}
        min={0}
        step={1000}
        set={(value) => edit((d) => ({ ...d, maxContextTokens: value }), 'maxContextTokens')}
      />
      <Prices app={app} />
    </SectionForm>
  );
}
