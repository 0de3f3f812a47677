/**
 * Settings live in `chrome.storage.local` under the key `settings`, validated by this schema. An
 * invalid stored value is reported to the person with the failing field, never a crash.
 */
import { z } from 'zod';
import { mcpServersSchema } from './mcp-settings.js';
import { modelOverrideSchema } from '../runtime/context-window/models.js';
import { externalAgentsSettingsSchema } from './external-agents.js';
import { permissionModeSchema } from '../runtime/permission-types.js';
import { migrateStoredSettings, shortcutsSchema } from './shortcuts.js';

export const SETTINGS_STORAGE_KEY = 'settings';

const providerConfig = (defaults: { baseUrl: string; model: string }) =>
  z.object({
    apiKey: z.string().describe('API key; stays in the service worker, never sent to pages').default(''),
    baseUrl: z
      .url({ protocol: /^https?$/ })
      .describe('Base URL of the provider API')
      .default(defaults.baseUrl),
    model: z.string().min(1).describe('Model id').default(defaults.model),
  });

export const settingsSchema = z.object({
  /** `demo`: the built-in demo model (no key, no network; src/background/demo-model.ts). */
  provider: z.enum(['anthropic', 'openai', 'demo']).default('anthropic'),
  anthropic: providerConfig({ baseUrl: 'https://api.anthropic.com', model: 'claude-sonnet-4-5' }).prefault({}),
  openai: providerConfig({ baseUrl: 'https://api.openai.com/v1', model: 'gpt-4.1' }).prefault({}),
  /** New installs start in plan mode; settings stored before it existed keep theirs (withStoredDefaults). */
  permissionMode: permissionModeSchema.default('plan'),
  rules: z.object({ allow: z.array(z.string()).default([]), deny: z.array(z.string()).default([]), ask: z.array(z.string()).default([]) }).prefault({}),
  /** Saved prompts: `/name` in the message box, the right-click menu, schedules (shortcuts.ts). Older `customActions` are migrated on read. */
  shortcuts: shortcutsSchema.default([]),
  /** Expose only the minimal core tool set. */
  simpleMode: z.boolean().default(false),
  maxTurns: z.number().int().min(1).max(200).default(40),
  /** MCP servers whose tools join the pool (mcp-settings.ts). */
  mcpServers: mcpServersSchema.default([]),
  /** A cap per run: the run stops before a request that could pass it. 0 = no cap. */
  runBudget: z
    .object({
      maxTokens: z.number().int().min(0).default(0).describe('Tokens per run (input, output, cache reads and writes); 0 = none'),
      maxCostUsd: z.number().min(0).default(0).describe('Estimated US dollars per run; 0 = none'),
    })
    .prefault({}),
  /** Keep each request under this many tokens by summarising older turns sooner. 0 = only near the model's window. */
  maxContextTokens: z.number().int().min(0).default(0),
  /** Past this many megabytes of conversations, the oldest are deleted first. 0 = no cap. */
  storageCapMb: z.number().min(0).max(100_000).default(500),
  /** Per model id (or id prefix): context window, screenshot encoding and prices, over the built-in table. */
  models: z.record(z.string(), modelOverrideSchema).default({}),
  /** Coding agents on this computer using the browser over MCP (off until the person turns it on): external-agents.ts. */
  externalAgents: externalAgentsSettingsSchema.prefault({}),
});
export type Settings = z.infer<typeof settingsSchema>;

export const defaultSettings = (): Settings => settingsSchema.parse({});

/** A provider that is reached over HTTP (every one but the demo). */
export type HttpProvider = Exclude<Settings['provider'], 'demo'>;

/** The key, base URL and model of the chosen provider; undefined for the demo, which has none. */
export function activeProviderConfig(settings: Settings): Settings[HttpProvider] | undefined {
  return settings.provider === 'demo' ? undefined : settings[settings.provider];
}

/** Local OpenAI-compatible servers (Ollama, LM Studio) take no key; OpenAI's own API and Anthropic do. */
export function keyRequired(provider: Settings['provider'], baseUrl: string): boolean {
  if (provider === 'demo') return false;
  return provider === 'anthropic' || /^https:\/\/api\.openai\.com\b/.test(baseUrl);
}

/** Whether a run can ask the chosen provider: the demo always; the others with a key where one is needed. */
export function providerReady(settings: Settings): boolean {
  const config = activeProviderConfig(settings);
  return config === undefined || config.apiKey.trim() !== '' || !keyRequired(settings.provider, config.baseUrl);
}

/** The mode settings stored without a `permissionMode` ran in: the default before plan mode existed. */
const STORED_MODE_DEFAULT = 'ask';

/**
 * A stored value as the schema should read it: settings saved before plan mode became the default and
 * without a mode of their own ran in ask mode, and keep it. Only a new install (nothing stored) gets plan mode.
 */
export function withStoredDefaults(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length === 0) return value;
  return Object.hasOwn(value, 'permissionMode') ? value : { ...value, permissionMode: STORED_MODE_DEFAULT };
}

/** Parses a stored value; on failure says which field is wrong instead of throwing. */
export function parseSettings(value: unknown): { ok: true; settings: Settings } | { ok: false; message: string; suggestion: string } {
  // Stored custom actions become shortcuts; a stored value without a mode keeps the mode it had (ask).
  const stored = withStoredDefaults(migrateStoredSettings(value));
  const result = settingsSchema.safeParse(stored ?? {});
  if (result.success) return { ok: true, settings: result.data };
  const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${describeIssue(issue, stored)}`).join('; ');
  return {
    ok: false,
    message: `The saved settings are invalid: ${issues}`,
    suggestion: 'Open Settings in the side panel, correct the fields named here, and save.',
  };
}

/** zod's wording for a bad choice ('Invalid option: expected one of "a"|"b"') said with the stored value. */
function describeIssue(issue: z.core.$ZodIssue, root: unknown): string {
  if (issue.code !== 'invalid_value') return issue.message;
  let stored: unknown = root;
  for (const key of issue.path) stored = typeof stored === 'object' && stored !== null ? (stored as Record<PropertyKey, unknown>)[key] : undefined;
  const shown = JSON.stringify(stored) ?? String(stored);
  return `${shown.length > 60 ? `${shown.slice(0, 60)}…` : shown} is not one of ${issue.values.map((v) => String(v)).join(', ')}`;
}

/** Host names that never leave this machine, so plain http:// to them does not expose a key on the network. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A warning when an API key would be sent unencrypted: a key is set and the base URL is plain http://
 * to a host other than this machine. Saving stays allowed (an Ollama or LM Studio server on the LAN is
 * legitimate); the person is only told. Returns undefined when there is nothing to warn about.
 */
export function insecureKeyWarning(config: { apiKey: string; baseUrl: string }): string | undefined {
  if (config.apiKey.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(config.baseUrl.trim());
  } catch {
    return undefined; // an unparsable URL is a field error of its own
  }
  // "localhost." is the same host as "localhost"; all of 127.0.0.0/8 is loopback.
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (url.protocol !== 'http:' || LOOPBACK_HOSTS.has(host) || /^127(\.\d{1,3}){3}$/.test(host)) return undefined;
  return `The base URL uses plain http:// to ${url.host}: the API key would travel unencrypted and anyone on the network between this browser and that server could read it. Use https:// unless it is a server you trust on your own network.`;
}
