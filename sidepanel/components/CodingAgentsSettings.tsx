/**
 * Settings → Coding agents: the switch that lets MCP clients on this computer use the browser (off until
 * the person turns it on; it applies at once), the mode their calls are judged in, the helper's status
 * with what to do when it is missing, and the connected client with Disconnect.
 */
import type { BridgeStatus } from '../../src/shared/external-agents.js';
import type { CodingAgentsModel } from '../models/coding-agents-model.js';

function HelperStatus({ bridge, model }: { bridge: BridgeStatus; model: CodingAgentsModel }) {
  if (bridge.status === 'failed')
    return (
      <div class="coding-agents-status error-text" role="alert" data-bridge-status="failed" data-bridge-error={bridge.error?.code}>
        <p>{bridge.error?.message ?? 'Pagewright’s helper did not start.'}</p>
        {bridge.error?.suggestion && <p class="muted">{bridge.error.suggestion}</p>}
        <button type="button" onClick={() => void model.retry()}>
          Try again
        </button>
      </div>
    );
  const line =
    bridge.status === 'ready'
      ? 'On: coding agents can connect.'
      : bridge.status === 'starting'
        ? 'Starting Pagewright’s helper…'
        : 'Off: no program can connect.';
  return (
    <p class="coding-agents-status muted" role="status" data-bridge-status={bridge.status}>
      {line}
    </p>
  );
}

export function CodingAgentsSettings({ model }: { model: CodingAgentsModel }) {
  const state = model.state.value;
  const client = model.client.value;
  const enabled = state?.settings.enabled ?? false;
  return (
    <fieldset class="coding-agents">
      <legend>Coding agents</legend>
      <p class="hint muted">
        Let programs on this computer that speak MCP (Claude Code, Cursor and others) use this browser through Pagewright, with the same tools and prompts as
        here. Set up once with <code>node bin/pagewright-mcp.mjs install</code> in the Pagewright folder; the README has the lines for each program.
      </p>
      <label class="inline">
        <input
          type="checkbox"
          role="switch"
          checked={enabled}
          disabled={model.saving.value || !state}
          onChange={(e) => void model.setEnabled(e.currentTarget.checked)}
        />{' '}
        Let coding agents use this browser
      </label>
      {state && <HelperStatus bridge={state.bridge} model={model} />}
      <div class="field">
        <label for="coding-agents-mode">Their permission mode</label>
        <select
          id="coding-agents-mode"
          value={state?.settings.permissionMode ?? 'ask'}
          disabled={model.saving.value || !state}
          onChange={(e) => {
            const mode = e.currentTarget.value;
            void model.setMode(mode === 'auto' || mode === 'read-only' ? mode : 'ask');
          }}
        >
          <option value="ask">Ask</option>
          <option value="auto">Auto</option>
          <option value="read-only">Read-only</option>
        </select>
        <p class="hint muted">Their calls are judged in this mode. Destructive acts, data leaving a site and every script they run ask you in any mode.</p>
      </div>
      {model.error.value && <p class="field-error">{model.error.value}</p>}
      {client ? (
        <div class="coding-agents-client" data-client={client.name}>
          <p>
            <strong>{client.name}</strong> is connected: {client.calls} call{client.calls === 1 ? '' : 's'}, {client.tabIds.length} tab
            {client.tabIds.length === 1 ? '' : 's'}.
          </p>
          <button type="button" class="danger" onClick={() => void model.disconnect(client.id)}>
            Disconnect
          </button>
        </div>
      ) : (
        enabled && <p class="muted">No coding agent is connected.</p>
      )}
    </fieldset>
  );
}
