/** The worker's answers to Settings → Coding agents and the banner (`src/shared/protocol/external-agents.ts`). */
import type { ExternalAgentsSettings } from '../../shared/external-agents.js';
import type { WorkerHandlers } from '../../shared/protocol/requests.js';
import type { ExternalAgents } from './agents.js';

type Methods = 'externalAgents.state' | 'externalAgents.configure' | 'externalAgents.disconnect' | 'externalAgents.share' | 'externalAgents.retry';

export interface ExternalAgentsRequestDeps {
  agents: ExternalAgents;
  /** Writes `externalAgents` into the stored settings; the worker's settings listener then applies it. */
  saveAgentSettings(patch: Partial<ExternalAgentsSettings>): Promise<void>;
}

export function externalAgentsHandlers(deps: ExternalAgentsRequestDeps): Pick<WorkerHandlers, Methods> {
  return {
    'externalAgents.state': async () => deps.agents.state(),
    'externalAgents.configure': async ({ enabled, permissionMode }) => {
      await deps.saveAgentSettings({ ...(enabled !== undefined ? { enabled } : {}), ...(permissionMode ? { permissionMode } : {}) });
      return {
        ...deps.agents.state(),
        settings: { ...deps.agents.agentSettings, ...(enabled !== undefined ? { enabled } : {}), ...(permissionMode ? { permissionMode } : {}) },
      };
    },
    'externalAgents.disconnect': async ({ clientId }) => ({ disconnected: await deps.agents.disconnect(clientId) }),
    'externalAgents.share': async ({ tabId, shared }) => ({ done: await deps.agents.share(tabId, shared) }),
    'externalAgents.retry': async () => {
      deps.agents.retry();
      return deps.agents.state();
    },
  };
}
