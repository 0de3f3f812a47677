/** Tool results stored over the model's budget (see `src/runtime/budget.ts`), in IndexedDB. */
import type { ResultStore } from '../runtime/budget-types.js';
import type { Database } from './database.js';

/** The `ResultStore` the extension uses. */
export function createIdbResultStore(database: Database): ResultStore {
  return {
    async put(record) {
      await (await database()).put('results', record);
    },
    async get(id) {
      return (await database()).get('results', id);
    },
  };
}
