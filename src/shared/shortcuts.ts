/**
 * Shortcuts: the person's saved prompts, each with a short name typed in the message box (`/summarize`),
 * shown in the page's right-click menu, and optionally run on a schedule (schedules.ts). They replace the
 * older "custom context-menu actions" (`customActions`); a stored list of those is migrated on read.
 */
import { z } from 'zod';
import { scheduleSchema } from './schedules.js';

/** A shortcut's name: what follows the `/` (lowercase letters, digits, dashes). */
export const SHORTCUT_NAME_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

export const shortcutSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(40).regex(SHORTCUT_NAME_PATTERN, { message: 'Use lowercase letters, digits and dashes (e.g. summarize-page).' }),
  /** The right-click menu's entry (the name when empty). */
  title: z.string().max(80).default(''),
  /** A prompt template: `{{selection}}`, `{{url}}`, `{{title}}`, `{{link}}` are filled in from the tab. */
  prompt: z.string().min(1).max(4_000),
  /** Where the right-click menu shows it; none: only in the message box. */
  contexts: z.array(z.enum(['selection', 'page', 'link', 'image'])).default(['page']),
  schedule: scheduleSchema.optional(),
});
export type Shortcut = z.infer<typeof shortcutSchema>;

/** The list, with each name once (the `/` list picks by name). */
export const shortcutsSchema = z
  .array(shortcutSchema)
  .max(50)
  .superRefine((shortcuts, ctx) => {
    const seen = new Set<string>();
    shortcuts.forEach((shortcut, index) => {
      if (seen.has(shortcut.name)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `Another shortcut is already named “${shortcut.name}”.` });
      seen.add(shortcut.name);
    });
  });

/** A name from free text ("Translate the selection!" → "translate-the-selection"), never empty. */
export function shortcutNameFrom(text: string, taken: ReadonlySet<string> = new Set()): string {
  const base =
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32)
      .replace(/-+$/, '') || 'shortcut';
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
  return name;
}

/**
 * Stored settings as they may still be from before shortcuts: each custom action becomes a shortcut with
 * the same id, menu title, prompt (its template names unchanged) and menu contexts, named from its title.
 * Anything not an object is returned unchanged (the schema reports it). Runs before every parse.
 */
export function migrateStoredSettings(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, 'customActions')) return value;
  const { customActions, ...rest } = value as Record<string, unknown>;
  if (!Array.isArray(customActions)) return rest;
  const existing = Array.isArray(rest['shortcuts']) ? (rest['shortcuts'] as unknown[]) : [];
  const taken = new Set(existing.map((s) => (typeof s === 'object' && s !== null ? String((s as { name?: unknown }).name) : '')));
  const migrated = customActions.map((action: unknown) => {
    if (typeof action !== 'object' || action === null) return action;
    const old = action as Record<string, unknown>;
    const name = shortcutNameFrom(typeof old['title'] === 'string' ? old['title'] : '', taken);
    taken.add(name);
    return { ...old, name, title: old['title'] ?? '' };
  });
  return { ...rest, shortcuts: [...existing, ...migrated] };
}
