/** "Always allow on this site" grants, kept until the person revokes them in Settings. */
import type { SiteGrant } from '../runtime/permission-types.js';
import type { Database } from './database.js';

/** Typed access to the stored grants. */
export interface GrantStore {
  list(): Promise<SiteGrant[]>;
  add(grant: SiteGrant): Promise<void>;
  /** Removes one grant; false when there was none. */
  revoke(grant: SiteGrant): Promise<boolean>;
}

const grantKey = (grant: SiteGrant) => `${grant.origin} ${grant.tool}`;

export function createGrantStore(database: Database): GrantStore {
  return {
    async list() {
      return (await (await database()).getAll('grants')).map(({ origin, tool }) => ({ origin, tool }));
    },
    async add(grant) {
      await (await database()).put('grants', { ...grant, key: grantKey(grant) });
    },
    async revoke(grant) {
      const tx = (await database()).transaction('grants', 'readwrite');
      const existed = (await tx.store.getKey(grantKey(grant))) !== undefined;
      if (existed) await tx.store.delete(grantKey(grant));
      await tx.done;
      return existed;
    },
  };
}
