/**
 * Coding agents in the panel: the helper's status, the connected client, and the actions of Settings →
 * Coding agents and the "Controlled by …" banner. Fetched when the panel starts, pushed by the worker on
 * every change (`external_agents`).
 */
import { computed, signal } from '@preact/signals';
import type { ExternalAgentsSettings, ExternalAgentsState, ExternalClient } from '../../src/shared/external-agents.js';

type PermissionMode = ExternalAgentsSettings['permissionMode'];
import { WorkerListModel } from './worker-request.js';

export class CodingAgentsModel extends WorkerListModel {
  readonly state = signal<ExternalAgentsState | undefined>(undefined);
  /** A switch or mode change is being applied. */
  readonly saving = signal(false);
  /** The connected client (one at a time). */
  readonly client = computed<ExternalClient | undefined>(() => this.state.value?.clients[0]);

  async refresh(): Promise<void> {
    const reply = await this.worker.call('externalAgents.state', {});
    if (reply) this.apply(reply);
  }

  /** The worker's push: something changed. */
  apply(state: ExternalAgentsState): void {
    this.state.value = state;
    this.status.value = 'loaded';
  }

  setEnabled(enabled: boolean): Promise<void> {
    return this.configure({ enabled });
  }

  setMode(permissionMode: PermissionMode): Promise<void> {
    return this.configure({ permissionMode });
  }

  async disconnect(clientId: string): Promise<void> {
    await this.worker.call('externalAgents.disconnect', { clientId });
  }

  async share(tabId: number, shared: boolean): Promise<void> {
    await this.worker.call('externalAgents.share', { tabId, shared });
  }

  async retry(): Promise<void> {
    const reply = await this.worker.call('externalAgents.retry', {});
    if (reply) this.apply(reply);
  }

  private async configure(params: { enabled?: boolean; permissionMode?: PermissionMode }): Promise<void> {
    this.saving.value = true;
    const reply = await this.worker.call('externalAgents.configure', params);
    if (reply) this.apply(reply);
    this.saving.value = false;
  }
}
