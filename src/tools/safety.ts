/**
 * The destructive rules, in one readable place. A call is destructive when a person would want to be
 * asked before it because it cannot be undone; tools call these from `isDestructive(input, context)`.
 * (C owns this file and adds the page rules: irreversible clicks, password/payment fields, cross-site
 * navigation. F added the tab and storage rules below.)
 */

/** Tools whose every call is destructive, with the reason the person is shown. */
export const ALWAYS_DESTRUCTIVE: Readonly<Record<string, string>> = {
  // Closing a tab loses its page state, unsaved form input and history; the agent cannot restore them.
  close_tab: 'closes a browser tab: its page state and any unsaved input are lost',
  // Notes last across conversations and may be the person's; deleting one cannot be undone.
  memory_delete: 'deletes a saved memory note for good',
};

/** True when every call of this tool is destructive (own-property lookup: a name can be `__proto__`). */
export function isAlwaysDestructive(toolName: string): boolean {
  return Object.hasOwn(ALWAYS_DESTRUCTIVE, toolName);
}
