/** "Always allow on this site" grants as listed in Settings: see and revoke, through the worker (WorkerRequest). */
import { signal } from '@preact/signals';
import { z } from 'zod';
import { WorkerRequestState, type SendRequest } from './worker-request.js';

/** One grant: the person allowed `tool` on `origin` without asking again. */
export interface GrantView {
  origin: string;
  tool: string;
}

const listSchema = z.object({ grants: z.array(z.object({ origin: z.string(), tool: z.string() })) });

/** Grant list state and actions. */
export class GrantsModel {
  readonly grants = signal<GrantView[]>([]);
  private readonly worker: WorkerRequestState;
  readonly status: WorkerRequestState['status'];
  readonly error: WorkerRequestState['error'];

  constructor(request: SendRequest) {
    this.worker = new WorkerRequestState(request);
    this.status = this.worker.status;
    this.error = this.worker.error;
  }

  async refresh(): Promise<void> {
    this.status.value = 'loading';
    const data = await this.worker.call({ type: 'list_grants' });
    if (data === undefined) return;
    const parsed = listSchema.safeParse(data);
    if (!parsed.success) {
      this.worker.fail('The list of allowed sites came back in an unexpected shape.');
      return;
    }
    // Grouped by site in the view, so sort by site then tool.
    this.grants.value = [...parsed.data.grants].sort((a, b) => a.origin.localeCompare(b.origin) || a.tool.localeCompare(b.tool));
    this.status.value = 'loaded';
  }

  /** Removes the grant at once in the list; puts it back if the worker refuses. */
  async revoke(grant: GrantView): Promise<void> {
    const before = this.grants.value;
    this.grants.value = before.filter((g) => !(g.origin === grant.origin && g.tool === grant.tool));
    const done = await this.worker.call({ type: 'revoke_grant', origin: grant.origin, tool: grant.tool });
    if (done === undefined) this.grants.value = before;
  }

}
