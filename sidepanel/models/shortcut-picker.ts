/** The `/` list in the message box: which shortcuts match what is typed, best first. */
import type { Shortcut } from '../../src/shared/shortcuts.js';

/**
 * The shortcuts for a draft that is `/` and the start of a name (nothing else typed); undefined when the
 * draft is not a shortcut being picked. Names that start with the typed text come first, then those that
 * contain it.
 */
export function matchShortcuts<T extends Pick<Shortcut, 'name'>>(draft: string, shortcuts: readonly T[]): T[] | undefined {
  const typed = /^\/([a-z0-9-]*)$/i.exec(draft.trim());
  if (!typed) return undefined;
  const query = (typed[1] ?? '').toLowerCase();
  const starts = shortcuts.filter((s) => s.name.startsWith(query));
  const contains = shortcuts.filter((s) => !s.name.startsWith(query) && s.name.includes(query));
  return [...starts, ...contains];
}
