/**
 * Settings → Tool servers (MCP): add, edit, enable or disable and remove servers (saved by this section's
 * Save), and each server's live state from the worker (connecting, connected with its tools,
 * failed with the reason and what to do) with Reconnect. Header values are masked like the API key.
 */
import { useState } from 'preact/hooks';
import type { McpServerState } from '../../../src/shared/mcp-settings.js';
import { insecureHeadersWarning } from '../../../src/shared/mcp-warnings.js';
import type { McpModel } from '../../models/mcp-model.js';
import { a11y, Field } from '../settings-fields.js';
import { SectionForm } from './SectionForm.js';
import type { SectionProps } from './sections.js';

function ServerState({ state, mcp }: { state: McpServerState | undefined; mcp: McpModel }) {
  if (!state) return <p class="muted mcp-state">Not connected yet: Save to connect.</p>;
  const busy = mcp.reconnecting.value.has(state.name);
  const line =
    state.status === 'connected'
      ? `Connected — ${state.toolCount ?? 0} tool${state.toolCount === 1 ? '' : 's'}${state.transport === 'sse' ? ' (older HTTP+SSE transport)' : ''}${state.serverInfo ? `, ${state.serverInfo.name} ${state.serverInfo.version}` : ''}`
      : state.status === 'connecting'
        ? 'Connecting…'
        : state.status === 'disabled'
          ? 'Disabled.'
          : `Failed: ${state.error?.message ?? 'the server could not be reached.'}`;
  return (
    <div class={`mcp-state status-${state.status}`} data-mcp-server={state.name} data-mcp-status={state.status}>
      <p role="status">{line}</p>
      {state.status === 'failed' && state.error?.suggestion && <p class="muted">{state.error.suggestion}</p>}
      {state.notes?.map((note) => (
        <p key={note} class="muted">
          {note}
        </p>
      ))}
      {state.status === 'connected' && (
        <p class="hint muted">Its tools marked read-only run without asking, because you added this server; tools marked destructive always ask.</p>
      )}
      {state.enabled && (
        <button type="button" disabled={busy || state.status === 'connecting'} onClick={() => void mcp.reconnect(state.name)}>
          {busy ? 'Reconnecting…' : 'Reconnect'}
        </button>
      )}
    </div>
  );
}

/** The tool servers section. */
export function ToolServersSection({ app, fields }: SectionProps) {
  const settings = app.settings;
  const mcp = app.mcp;
  const [shown, setShown] = useState<ReadonlySet<number>>(new Set());
  const errors = settings.fieldErrors.value;
  const servers = settings.draft.value.mcpServers;
  const texts = settings.mcpHeaderText.value;
  return (
    <SectionForm
      id="servers"
      title="Tool servers (MCP)"
      intro={
        <>
          Tools from your own MCP servers (a ticket tracker, a notes service). The agent sees them as <code>mcp__name__tool</code>; your permission rules apply
          to them as to any tool.
        </>
      }
      settings={settings}
      fields={fields}
    >
      <div class="mcp-servers">
        {servers.map((server, index) => {
          const path = `mcpServers.${index}`;
          const headersError = Object.entries(errors).find(([key]) => key.startsWith(`${path}.headers`))?.[1];
          const warning = insecureHeadersWarning(server);
          return (
            <div class="mcp-server" key={index}>
              <Field path={`${path}.name`} label="Name" errors={errors} hint="Lower-case letters, digits, - and _.">
                <input
                  type="text"
                  spellcheck={false}
                  value={server.name}
                  {...a11y(`${path}.name`, errors)}
                  onInput={(e) => settings.editMcpServer(index, { name: e.currentTarget.value })}
                />
              </Field>
              <Field path={`${path}.url`} label="URL" errors={errors} warning={warning}>
                <input
                  type="url"
                  spellcheck={false}
                  value={server.url}
                  {...a11y(`${path}.url`, errors)}
                  onInput={(e) => settings.editMcpServer(index, { url: e.currentTarget.value })}
                />
              </Field>
              <Field
                path={`${path}.headers`}
                label="Headers (one a line, Name: value)"
                errors={headersError ? { [`${path}.headers`]: headersError } : {}}
                hint="Kept in the extension like the API key; sent only to this server."
              >
                <textarea
                  rows={2}
                  spellcheck={false}
                  class={shown.has(index) ? '' : 'masked'}
                  value={texts[index] ?? ''}
                  {...a11y(`${path}.headers`, headersError ? { [`${path}.headers`]: headersError } : {})}
                  onInput={(e) => settings.editMcpHeaders(index, e.currentTarget.value)}
                />
              </Field>
              <label class="inline">
                <input
                  type="checkbox"
                  checked={shown.has(index)}
                  onChange={(e) => setShown(new Set([...shown].filter((i) => i !== index).concat(e.currentTarget.checked ? [index] : [])))}
                />{' '}
                Show header values
              </label>
              <label class="inline">
                <input type="checkbox" checked={server.enabled} onChange={(e) => settings.editMcpServer(index, { enabled: e.currentTarget.checked })} /> Enabled
              </label>
              <ServerState state={server.name ? mcp.stateOf(server.name) : undefined} mcp={mcp} />
              <button type="button" class="link-button" onClick={() => settings.removeMcpServer(index)}>
                Remove {server.name || 'this server'}
              </button>
            </div>
          );
        })}
        {mcp.error.value && <p class="field-error">{mcp.error.value}</p>}
        <div>
          <button type="button" onClick={() => settings.addMcpServer()}>
            Add MCP server
          </button>
        </div>
      </div>
    </SectionForm>
  );
}
