/**
 * The settings form: a draft validated with `settingsSchema`, field errors by path, and a clear message
 * when the stored value is invalid (the fields that still parse are kept, the rest fall back to defaults).
 * The API key is stored by the extension page only; it is never logged and never reaches a content script.
 */
import { computed, signal } from '@preact/signals';
import type { z } from 'zod';
import { messageOf } from '../../src/runtime/errors.js';
import { parseRule } from '../../src/runtime/permissions.js';
import {
  activeProviderConfig,
  defaultSettings,
  parseSettings,
  providerReady,
  settingsSchema,
  withStoredDefaults,
  type Settings,
} from '../../src/shared/settings.js';
import { migrateStoredSettings, shortcutNameFrom } from '../../src/shared/shortcuts.js';

/** Where settings live (chrome.storage.local 'settings' in the panel; a map in tests). */
export interface SettingsStorage {
  read(): Promise<unknown>;
  write(settings: Settings): Promise<void>;
}

/** A top-level settings field: a Settings section saves a few of them. */
export type SettingsField = keyof Settings;

/** Every field (what `save()` without a list writes). */
export const ALL_FIELDS = Object.keys(settingsSchema.shape) as SettingsField[];

/** Where one save (of a section, or of everything) stands. */
export interface SaveStatus {
  state: 'idle' | 'saving' | 'saved' | 'error';
  error?: string;
}

/** One shortcut (a saved prompt with a name). */
export type ShortcutDraft = Settings['shortcuts'][number];
/** One MCP server as the form edits it. */
export type McpServerDraft = Settings['mcpServers'][number];

/** Header lines as the person types them ("Name: value"), to a record; `undefined` when a line has no name. */
export function parseHeaderLines(text: string): { headers: Record<string, string> } | { error: string } {
  const headers: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) return { error: `“${line.slice(0, 40)}” is not a header: write Name: value, one a line.` };
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { headers };
}

/** A server's headers as lines for the form. */
export const headerLines = (headers: Readonly<Record<string, string>> | undefined): string =>
  Object.entries(headers ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');

/** Keeps each top-level field of a broken stored value that still validates on its own. */
export function salvageSettings(raw: unknown): Settings {
  const value = migrateStoredSettings(raw);
  const base = defaultSettings();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return base;
  const stored = withStoredDefaults(value) as Record<string, unknown>;
  const salvaged: Record<string, unknown> = { ...base };
  for (const [key, fieldSchema] of Object.entries(settingsSchema.shape)) {
    if (!Object.hasOwn(stored, key)) continue;
    const parsed = fieldSchema.safeParse(stored[key]);
    if (parsed.success) salvaged[key] = parsed.data;
  }
  const result = settingsSchema.safeParse(salvaged);
  return result.success ? result.data : base;
}

/** Settings form state and actions. */
export class SettingsModel {
  readonly draft = signal<Settings>(defaultSettings());
  /** Field path (e.g. `anthropic.baseUrl`) → message. */
  readonly fieldErrors = signal<Readonly<Record<string, string>>>({});
  /** Set when the stored value failed validation. */
  readonly storedProblem = signal<{ message: string; suggestion: string } | undefined>(undefined);
  readonly saveState = signal<'idle' | 'saving' | 'saved' | 'error'>('idle');
  readonly saveError = signal<string | undefined>(undefined);
  readonly loaded = signal(false);
  /** The header lines being typed for each MCP server (by index), parsed when the form is saved. */
  readonly mcpHeaderText = signal<Readonly<Record<number, string>>>({});
  /** The active provider's key, base URL and model, for the form (undefined for the demo model). */
  readonly provider = computed(() => activeProviderConfig(this.draft.value));
  /** What is stored now (the salvaged fields when the stored value was invalid): sections save over it. */
  readonly saved = signal<Settings>(defaultSettings());
  /** Whether the stored settings name a model a run can ask (the panel shows its setup card until they do). */
  readonly ready = computed(() => providerReady(this.saved.value));
  /** Each section's save, by the key it saved under. */
  readonly sectionSaves = signal<Readonly<Record<string, SaveStatus>>>({});

  constructor(private readonly storage: SettingsStorage) {}

  async load(): Promise<void> {
    const stored = await this.storage.read();
    const parsed = parseSettings(stored);
    // A read that finds what was already saved (opening Settings, or this panel's own save coming back as a
    // storage change) changes nothing: what the person is typing and a section's "Saved." stay.
    if (parsed.ok && this.loaded.value && JSON.stringify(parsed.settings) === JSON.stringify(this.saved.value)) return;
    const next = parsed.ok ? parsed.settings : salvageSettings(stored);
    // Stored values changed elsewhere replace the form's, except in the fields the person has edited and not saved.
    const edited = this.loaded.value ? ALL_FIELDS.filter((field) => this.isDirty([field])) : [];
    this.storedProblem.value = parsed.ok ? undefined : { message: parsed.message, suggestion: parsed.suggestion };
    this.saved.value = next;
    this.draft.value = { ...next, ...Object.fromEntries(edited.map((field) => [field, this.draft.value[field]])) };
    this.sectionSaves.value = {};
    this.fieldErrors.value = {};
    if (!edited.includes('mcpServers'))
      this.mcpHeaderText.value = Object.fromEntries(next.mcpServers.map((server, index) => [index, headerLines(server.headers)]));
    this.loaded.value = true;
  }

  /** Replaces the draft with an edited copy; the edited field's error clears. */
  edit(update: (draft: Settings) => Settings, path?: string): void {
    this.draft.value = update(this.draft.value);
    this.saveState.value = 'idle';
    if (path !== undefined && Object.hasOwn(this.fieldErrors.value, path)) {
      const { [path]: _cleared, ...rest } = this.fieldErrors.value;
      this.fieldErrors.value = rest;
    }
  }

  /** Sets a field of the active provider (`apiKey`, `baseUrl`, `model`); the demo model has none. */
  editProvider(field: 'apiKey' | 'baseUrl' | 'model', value: string): void {
    const provider = this.draft.value.provider;
    if (provider === 'demo') return;
    this.edit((draft) => ({ ...draft, [provider]: { ...draft[provider], [field]: value } }), `${provider}.${field}`);
  }

  /** Whether the form holds changes to these fields that are not saved yet. */
  isDirty(fields: readonly SettingsField[]): boolean {
    const draft = this.draft.value;
    const saved = this.saved.value;
    if (fields.some((field) => JSON.stringify(draft[field]) !== JSON.stringify(saved[field]))) return true;
    // Header lines are parsed only when saved: typed text that differs from the stored headers is a change.
    return fields.includes('mcpServers') && draft.mcpServers.some((server, index) => (this.mcpHeaderText.value[index] ?? '') !== headerLines(server.headers));
  }

  /** A new, empty shortcut with a free name ("shortcut", "shortcut-2"…). */
  addShortcut(): void {
    const id = `shortcut-${Date.now().toString(36)}`;
    const name = shortcutNameFrom('shortcut', new Set(this.draft.value.shortcuts.map((s) => s.name)));
    this.edit((draft) => ({ ...draft, shortcuts: [...draft.shortcuts, { id, name, title: '', prompt: '', contexts: ['page'] }] }));
  }

  editShortcut(index: number, patch: Partial<ShortcutDraft>): void {
    this.edit(
      (draft) => ({ ...draft, shortcuts: draft.shortcuts.map((shortcut, i) => (i === index ? { ...shortcut, ...patch } : shortcut)) }),
      `shortcuts.${index}.${Object.keys(patch)[0] ?? ''}`,
    );
  }

  /**
   * Saves one shortcut at once over what is stored (added when new): Pause, Delete schedule and "Save as
   * shortcut" act without the section's Save, and leave the person's other unsaved edits as they are.
   */
  async saveShortcut(id: string, shortcut: ShortcutDraft): Promise<boolean> {
    const saved = this.saved.value;
    const exists = saved.shortcuts.some((s) => s.id === id);
    const shortcuts = exists ? saved.shortcuts.map((s) => (s.id === id ? shortcut : s)) : [...saved.shortcuts, shortcut];
    const result = settingsSchema.safeParse({ ...saved, shortcuts });
    if (!result.success) {
      this.saveError.value = `Could not save the shortcut: ${result.error.issues[0]?.message ?? 'invalid'}`;
      return false;
    }
    try {
      await this.storage.write(result.data);
    } catch (error) {
      this.saveError.value = `Could not save: ${messageOf(error)}`;
      return false;
    }
    const stored = result.data.shortcuts.find((s) => s.id === id);
    this.saved.value = result.data;
    const draft = this.draft.value.shortcuts;
    const inDraft = draft.some((s) => s.id === id);
    this.draft.value = {
      ...this.draft.value,
      shortcuts: stored ? (inDraft ? draft.map((s) => (s.id === id ? stored : s)) : [...draft, stored]) : draft,
    };
    return true;
  }

  removeShortcut(index: number): void {
    this.edit((draft) => ({ ...draft, shortcuts: draft.shortcuts.filter((_, i) => i !== index) }));
    this.fieldErrors.value = {};
  }

  /**
   * Sets the prices of the model in use (USD per million tokens) over the built-in table; `undefined`
   * for a field keeps the table's value. The override is keyed by the model id, as the runtime looks it up.
   */
  editModelPrices(model: string, prices: { input: number; output: number; cacheRead: number; cacheWrite: number } | undefined): void {
    this.edit((draft) => {
      const { [model]: current, ...others } = draft.models;
      const { prices: _old, ...rest } = current ?? {};
      const next = prices ? { ...rest, prices } : rest;
      return { ...draft, models: Object.keys(next).length > 0 ? { ...others, [model]: next } : others };
    }, `models.${model}.prices`);
  }

  addMcpServer(): void {
    this.edit((draft) => ({ ...draft, mcpServers: [...draft.mcpServers, { name: '', url: '', enabled: true }] }));
  }

  editMcpServer(index: number, patch: Partial<McpServerDraft>): void {
    this.edit(
      (draft) => ({ ...draft, mcpServers: draft.mcpServers.map((server, i) => (i === index ? { ...server, ...patch } : server)) }),
      `mcpServers.${index}.${Object.keys(patch)[0] ?? ''}`,
    );
  }

  editMcpHeaders(index: number, text: string): void {
    this.mcpHeaderText.value = { ...this.mcpHeaderText.value, [index]: text };
    this.edit((draft) => draft, `mcpServers.${index}.headers`);
  }

  removeMcpServer(index: number): void {
    this.edit((draft) => ({ ...draft, mcpServers: draft.mcpServers.filter((_, i) => i !== index) }));
    const texts = Object.entries(this.mcpHeaderText.value).filter(([i]) => Number(i) !== index);
    this.mcpHeaderText.value = Object.fromEntries(texts.map(([i, text]) => [Number(i) > index ? Number(i) - 1 : Number(i), text]));
    this.fieldErrors.value = {};
  }

  /**
   * Validates and stores `fields` (a section's; every field by default) over what is stored, so saving one
   * section never writes another's unsaved edits. Returns whether it saved; errors are shown by field,
   * never thrown. `section` names the save for its status line.
   */
  async save(fields: readonly SettingsField[] = ALL_FIELDS, section = 'all'): Promise<boolean> {
    const status = (next: SaveStatus) => (this.sectionSaves.value = { ...this.sectionSaves.value, [section]: next });
    // Blank lines in the rule boxes are not rules.
    const draft: Settings = { ...this.saved.value, ...Object.fromEntries(fields.map((field) => [field, this.draft.value[field]])) };
    const rules = { allow: cleanRules(draft.rules.allow), deny: cleanRules(draft.rules.deny), ask: cleanRules(draft.rules.ask) };
    const headerErrors: Record<string, string> = {};
    const mcpServers = draft.mcpServers.map((server, index) => {
      const text = this.mcpHeaderText.value[index];
      if (text === undefined) return server;
      const parsed = parseHeaderLines(text);
      if ('error' in parsed) {
        headerErrors[`mcpServers.${index}.headers`] = parsed.error;
        return server;
      }
      const { headers: _old, ...rest } = server;
      return Object.keys(parsed.headers).length > 0 ? { ...rest, headers: parsed.headers } : rest;
    });
    const result = settingsSchema.safeParse({ ...draft, rules, mcpServers });
    const inSection = (path: string) => fields.some((field) => path === field || path.startsWith(`${field}.`));
    const ruleErrors = Object.fromEntries(Object.entries({ ...malformedRules(rules), ...headerErrors }).filter(([path]) => inSection(path)));
    if (!result.success || Object.keys(ruleErrors).length > 0) {
      const errors: Record<string, string> = { ...ruleErrors };
      for (const issue of result.success ? [] : result.error.issues) {
        const path = issue.path.join('.') || '(root)';
        errors[path] ??= friendlyIssue(issue);
      }
      this.fieldErrors.value = errors;
      this.saveState.value = 'error';
      this.saveError.value = 'Some fields are invalid; see the messages next to them.';
      status({ state: 'error', error: this.saveError.value });
      return false;
    }
    this.fieldErrors.value = Object.fromEntries(Object.entries(this.fieldErrors.value).filter(([path]) => !inSection(path)));
    this.saveState.value = 'saving';
    status({ state: 'saving' });
    try {
      await this.storage.write(result.data);
    } catch (error) {
      this.saveState.value = 'error';
      this.saveError.value = `Could not save: ${messageOf(error)}`;
      status({ state: 'error', error: this.saveError.value });
      return false;
    }
    // The saved fields take their cleaned values; the other sections keep their unsaved edits.
    this.saved.value = result.data;
    this.draft.value = { ...this.draft.value, ...Object.fromEntries(fields.map((field) => [field, result.data[field]])) };
    this.storedProblem.value = undefined;
    this.saveError.value = undefined;
    this.saveState.value = 'saved';
    status({ state: 'saved' });
    return true;
  }
}

/** A field message a person reads next to the field ("Required." rather than zod's "Too small: expected string to have >=1 characters"). */
function friendlyIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'too_small' && issue.origin === 'string')
    return Number(issue.minimum) <= 1 ? 'Required.' : `At least ${String(issue.minimum)} characters.`;
  if (issue.code === 'too_big' && issue.origin === 'string') return `At most ${String(issue.maximum)} characters.`;
  if (issue.code === 'too_small' && issue.origin === 'array') return 'Pick at least one.';
  if (issue.code === 'too_small' && issue.origin === 'number') return `At least ${String(issue.minimum)}.`;
  if (issue.code === 'too_big' && issue.origin === 'number') return `At most ${String(issue.maximum)}.`;
  if (issue.code === 'invalid_type' && issue.expected === 'number') return 'Enter a whole number.';
  if (issue.code === 'invalid_format' && issue.format === 'url') return 'Enter a full URL, e.g. https://api.example.com.';
  return issue.message;
}

const cleanRules = (rules: readonly string[]) => rules.map((rule) => rule.trim()).filter((rule) => rule !== '');

/**
 * A malformed rule matches nothing at run time, so a typo in a deny rule would silently allow what the
 * person meant to forbid: refuse to save it, naming the line.
 */
function malformedRules(rules: Settings['rules']): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const kind of ['allow', 'deny', 'ask'] as const) {
    const bad = rules[kind].find((rule) => parseRule(rule) === undefined);
    if (bad !== undefined) errors[`rules.${kind}`] = `“${bad}” is not a rule: write a tool name (click) or a tool and a site (click(*.example.com)).`;
  }
  return errors;
}
