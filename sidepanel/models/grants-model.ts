/** "Always allow on this site" grants as listed in Settings: see and revoke, through the worker (WorkerRequest). */
import { signal } from '@preact/signals';
import { z } from 'zod';
import { workerResponseSchema } from '../../src/shared/protocol.js';
import type { SendRequest } from './memory-model.js';

/** One grant: the person allowed `tool` on `origin` without asking again. */
export interface GrantView {
  origin: string;
  tool: string;
}

const listSchema = z.object({ grants: z.array(z.object({ origin: z.string(), tool: z.string() })) });

/** Grant list state and actions. */
export class GrantsModel {
  readonly grants = signal<GrantView[]>([]);
  readonly status = signal<'idle' | 'loading' | 'loaded' | 'error'>('idle');
  readonly error = signal<string | undefined>(undefined);

  constructor(private readonly request: SendRequest) {}

  async refresh(): Promise<void> {
    this.status.value = 'loading';
    const data = await this.call({ type: 'list_grants' });
    if (data === undefined) return;
    const parsed = listSchema.safeParse(data);
    if (!parsed.success) {
      this.fail('The list of allowed sites came back in an unexpected shape.');
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
    const done = await this.call({ type: 'revoke_grant', origin: grant.origin, tool: grant.tool });
    if (done === undefined) this.grants.value = before;
  }

  private async call(request: Parameters<SendRequest>[0]): Promise<unknown> {
    let raw: unknown;
    try {
      raw = await this.request(request);
    } catch (error) {
      this.fail(`The extension did not answer: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
    const response = workerResponseSchema.safeParse(raw);
    if (!response.success) {
      this.fail('The extension gave an unexpected answer.');
      return undefined;
    }
    if (!response.data.ok) {
      this.fail(`${response.data.error.message} ${response.data.error.suggestion}`);
      return undefined;
    }
    this.error.value = undefined;
    return response.data.data ?? null;
  }

  private fail(message: string): void {
    this.error.value = message;
    this.status.value = 'error';
  }
}
