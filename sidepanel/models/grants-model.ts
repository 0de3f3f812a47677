/** "Always allow on this site" grants as listed in Settings: see and revoke, through the worker (`grants.*` requests). */
import { signal } from '@preact/signals';
import type { SiteGrant } from '../../src/runtime/permission-types.js';
import { WorkerListModel } from './worker-request.js';

/** One grant: the person allowed `tool` on `origin` without asking again. */
export type GrantView = SiteGrant;

/** Grant list state and actions. */
export class GrantsModel extends WorkerListModel {
  readonly grants = signal<GrantView[]>([]);

  async refresh(): Promise<void> {
    this.status.value = 'loading';
    const reply = await this.worker.call('grants.list', {});
    if (reply === undefined) return;
    // Grouped by site in the view, so sort by site then tool.
    this.grants.value = [...reply.grants].sort((a, b) => a.origin.localeCompare(b.origin) || a.tool.localeCompare(b.tool));
    this.status.value = 'loaded';
  }

  /** Removes the grant at once in the list; puts it back if the worker refuses. */
  async revoke(grant: GrantView): Promise<void> {
    const before = this.grants.value;
    this.grants.value = before.filter((g) => !(g.origin === grant.origin && g.tool === grant.tool));
    const reply = await this.worker.call('grants.revoke', { origin: grant.origin, tool: grant.tool });
    if (reply === undefined) this.grants.value = before;
  }
}
