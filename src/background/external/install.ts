/**
 * Wires coding agents into the worker (called once from index.ts, at the top level): the hub, its
 * native link, the settings it follows, the tab and group events that end a session's access, and the
 * state the panels are told about.
 */
import type { PermissionContext } from '../../runtime/permission-types.js';
import type { Tools } from '../../runtime/tool.js';
import { externalAgentsSettingsSchema, type ExternalAgentsSettings } from '../../shared/external-agents.js';
import type { Settings } from '../../shared/settings.js';
import type { GrantStore } from '../../storage/grants.js';
import type { RunManager } from '../run-manager.js';
import { settingsArea } from '../settings-area.js';
import { TARGET_BROWSER } from '../target-browser.js';
import { ExternalAgents } from './agents.js';
import { chromeBadge, chromeNative, chromeTabGroups } from './chrome-ports.js';
import { NativeLink } from './native-link.js';

export interface ExternalAgentsWiring {
  manager: RunManager;
  grants: GrantStore;
  getTools(permissions: PermissionContext, options: { simpleMode: boolean }): Tools | Promise<Tools>;
  /** The stored settings, if they are valid. */
  settings(): Promise<Settings | undefined>;
}

/**
 * Writes `externalAgents` into the stored settings and nothing else (the switch applies at once; the
 * rest of a Settings form being edited is saved only by its own Save). The worker's settings listener
 * then applies it.
 */
export async function saveAgentSettings(patch: Partial<ExternalAgentsSettings>): Promise<void> {
  const raw: unknown = await settingsArea.read();
  const stored = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const current = externalAgentsSettingsSchema.safeParse(stored['externalAgents'] ?? {});
  await settingsArea.write({ ...stored, externalAgents: { ...(current.success ? current.data : {}), ...patch } });
}

/** Starts following the settings; returns the hub the requests and the panel router talk to. */
export function installExternalAgents(wiring: ExternalAgentsWiring): ExternalAgents {
  const agents = new ExternalAgents({
    manager: wiring.manager,
    grants: wiring.grants,
    getTools: wiring.getTools,
    groups: chromeTabGroups(),
    badge: chromeBadge(),
    extensionId: chrome.runtime.id,
  });
  const link = new NativeLink({
    ...chromeNative,
    extensionId: chrome.runtime.id,
    // The bridge is for Chrome and Chromium: the Firefox build asks for no nativeMessaging permission and
    // registers no host (README, "Use it from a coding agent"), so the switch says so instead of failing later.
    ...(TARGET_BROWSER === 'firefox'
      ? {
          unsupported: {
            code: 'NOT_IN_THIS_BROWSER',
            message: 'Coding agents can use Pagewright in Chrome and Chromium only, not yet in Firefox.',
            suggestion: 'Use Pagewright in Chrome or Chromium to let a coding agent drive the browser.',
          },
        }
      : {}),
    onMessage: (message) => void agents.receive(message).catch((error: unknown) => console.warn('Pagewright: a coding-agent message failed', error)),
    onStatus: () => agents.changed(),
  });
  agents.attachLink(link);
  agents.onChange((state) => wiring.manager.panels.toAll({ type: 'external_agents', state }));
  const sync = async () => {
    const settings = await wiring.settings();
    if (settings) await agents.sync(settings);
  };
  void sync().catch((error: unknown) => console.warn('Pagewright: could not start coding agents', error));
  settingsArea.onChange(() => void sync().catch(() => undefined));
  chrome.tabs.onRemoved.addListener((tabId) => agents.tabClosed(tabId));
  chrome.tabGroups?.onRemoved.addListener((group) => agents.groupRemoved(group.id));
  return agents;
}
