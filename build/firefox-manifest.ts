/**
 * The Firefox manifest, generated from the one source manifest (manifest.json) so the two builds cannot
 * drift: the same name, description, permissions that apply, commands, popup and CSP; what Firefox does
 * differently is mapped here and nowhere else.
 *
 * - `background.service_worker` → `background.scripts` (an event page: Firefox MV3 runs no extension
 *   service workers), as an ES module built at BACKGROUND_SCRIPT.
 * - `side_panel` → `sidebar_action` (Firefox's sidebar), and the shortcut that opens the panel becomes
 *   `_execute_sidebar_action` (Firefox opens the sidebar itself; there is no sidePanel.open to call).
 * - permissions Firefox does not have are dropped: `sidePanel`, and `debugger` (no DevTools Protocol:
 *   input goes through synthetic events, and results say so); so are the coding-agent bridge's
 *   (`nativeMessaging`, `tabGroups`) and the `key` that fixes its Chrome id: the bridge is Chromium-only.
 * - `minimum_chrome_version` → `browser_specific_settings.gecko` with the add-on id and the minimum version.
 */

/** The manifest fields this transform reads or writes (the rest are passed through as they are). */
export interface SourceManifest {
  manifest_version: number;
  name: string;
  version: string;
  background?: { service_worker?: string; type?: string };
  side_panel?: { default_path: string };
  action?: { default_title?: string; default_popup?: string; default_icon?: Record<string, string> };
  icons?: Record<string, string>;
  commands?: Record<string, { suggested_key?: Record<string, string>; description?: string }>;
  permissions?: string[];
  minimum_chrome_version?: string;
  [key: string]: unknown;
}

/** Firefox's add-on id (stable: Firefox keys storage and updates by it). */
export const GECKO_ID = 'pagewright@pagewright';
/**
 * The oldest Firefox this build supports: 140 ESR, the first with `data_collection_permissions` (which
 * addons.mozilla.org asks of new add-ons). Everything else used is older — MV3 with background
 * scripts as modules, `sidebar_action`, `scripting` with `injectImmediately`, declarativeNetRequest
 * session rules with `tabIds`. Tested on 153 ESR.
 */
export const FIREFOX_MIN_VERSION = '140.0';
/** Where the Firefox build writes the background entry. */
export const BACKGROUND_SCRIPT = 'background.js';
/**
 * Permissions with no Firefox counterpart, or for what the Firefox build leaves out: the coding-agent
 * bridge (`nativeMessaging`, and `tabGroups` for its tabs) is Chromium-only for now.
 */
const CHROME_ONLY_PERMISSIONS = new Set(['sidePanel', 'debugger', 'nativeMessaging', 'tabGroups']);
/** The source manifest's command that opens the panel. */
const OPEN_PANEL_COMMAND = 'open-side-panel';

/** The Firefox manifest for `source`, with the version from package.json. */
export function firefoxManifest(source: SourceManifest, version: string): Record<string, unknown> {
  // `key` fixes the Chrome extension id the native host allows; Firefox's id is GECKO_ID.
  const { background: _background, side_panel: sidePanel, minimum_chrome_version: _minimum, key: _key, commands, permissions, ...rest } = source;
  if (!sidePanel) throw new Error('manifest.json has no side_panel: the Firefox sidebar is made from it.');
  const firefoxCommands: Record<string, unknown> = {};
  for (const [name, command] of Object.entries(commands ?? {})) {
    if (name === OPEN_PANEL_COMMAND) firefoxCommands['_execute_sidebar_action'] = { ...command, description: 'Open the Pagewright sidebar' };
    else firefoxCommands[name] = command;
  }
  return {
    ...rest,
    version,
    browser_specific_settings: {
      gecko: {
        id: GECKO_ID,
        strict_min_version: FIREFOX_MIN_VERSION,
        // Firefox asks people at install about data leaving the browser. Page content goes to the model
        // provider the person chooses (with their own key) and nowhere else; Pagewright collects nothing.
        data_collection_permissions: { required: ['websiteContent'] },
      },
    },
    background: { scripts: [BACKGROUND_SCRIPT], type: 'module' },
    sidebar_action: {
      default_panel: sidePanel.default_path,
      default_title: source.action?.default_title ?? source.name,
    },
    commands: firefoxCommands,
    permissions: (permissions ?? []).filter((permission) => !CHROME_ONLY_PERMISSIONS.has(permission)),
  };
}
