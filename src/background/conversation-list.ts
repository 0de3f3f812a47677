/** How the conversation list names a conversation: a title from the person's first message, and the site it worked on. */
import { NEW_CONVERSATION_TITLE } from './conversations.js';

/** A conversation's title from the person's first message: one line, cut at a word past 120 characters (the list shows two lines). */
export function titleOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= 120) return line || NEW_CONVERSATION_TITLE;
  const cut = line.slice(0, 120);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : 120)}…`;
}

/** The host (with its port) of an http(s) page, as the conversation list shows the site; undefined for other pages. */
export function listedSiteOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.host : undefined;
  } catch {
    return undefined;
  }
}
