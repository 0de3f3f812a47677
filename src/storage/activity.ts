/** The activity log's store: entries by id, listed per conversation in time order (deleted with their conversation, in conversations.ts). */
import type { ActivityEntry } from '../shared/activity.js';
import type { Database } from './database.js';

/** Typed access to the activity log. */
export interface ActivityStore {
  add(entry: ActivityEntry): Promise<void>;
  /** A conversation's entries, oldest first. */
  list(conversationId: string): Promise<ActivityEntry[]>;
}

export function createActivityStore(database: Database): ActivityStore {
  return {
    async add(entry) {
      await (await database()).put('activity', entry);
    },
    async list(conversationId) {
      const entries = await (await database()).getAllFromIndex('activity', 'byConversation', conversationId);
      return entries.sort((a, b) => a.at - b.at || a.id.localeCompare(b.id));
    },
  };
}
