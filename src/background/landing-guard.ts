/**
 * Holding a tab to the sites an act was judged to land on. While the act runs, session rules of
 * declarativeNetRequest let the tab's top-level requests go only to those sites (allow rules for their
 * origins over a block rule for the tab), so a redirect — server or script — to another site is stopped
 * before its request leaves the browser: the data in its address never reaches that site. A stopped
 * load shows in webNavigation as an error (BLOCKED_ERROR), which tells us the address; on release the
 * tab is taken back from the error page. The same rules work in Chrome and Firefox (session rules,
 * `tabIds`, `main_frame`).
 *
 * Why rules and not webNavigation alone: webNavigation reports a redirect after the request was sent.
 */
import type { LandingGuard } from '../runtime/browser.js';

/** The parts of chrome.* the guard uses (a fake in tests). */
export interface GuardApis {
  updateSessionRules(options: chrome.declarativeNetRequest.UpdateRuleOptions): Promise<void>;
  getSessionRules(): Promise<chrome.declarativeNetRequest.Rule[]>;
  onBeforeNavigate: chrome.events.Event<(details: { tabId: number; frameId: number; url: string }) => void>;
  onCommitted: chrome.events.Event<(details: { tabId: number; frameId: number; url: string }) => void>;
  onErrorOccurred: chrome.events.Event<(details: { tabId: number; frameId: number; url: string; error: string }) => void>;
  getTabUrl(tabId: number): Promise<string | undefined>;
  /** Loads an address in the tab (to take it back from a stopped load). */
  load(tabId: number, url: string): Promise<void>;
}

/** After the act, how long a navigation it started may take to commit or fail before the guard lifts anyway. */
const SETTLE_MS = 10_000;
/** A navigation an act starts begins within this time (a link's default action, a handler's location change). */
const GRACE_MS = 150;

/**
 * How a load the rules stopped is reported: Chrome says `net::ERR_BLOCKED_BY_CLIENT`; Firefox says
 * "Error code 2147500036" (NS_ERROR_ABORT). A plain abort reads the same in Firefox, but while the guard
 * holds, every top-level load outside the allowed sites is stopped by its block rule anyway.
 */
const BLOCKED_ERROR = /ERR_BLOCKED_BY_CLIENT|Error code 2147500036\b/;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Origins (with and without `www.`) whose top-level loads the tab may make. */
function allowedOrigins(allowed: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const site of allowed) {
    try {
      const url = new URL(site);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      const host = url.host.replace(/^www\./, '');
      origins.add(`${url.protocol}//${host}`);
      origins.add(`${url.protocol}//www.${host}`);
    } catch {
      // not an address: nothing to allow
    }
  }
  return [...origins];
}

const sameOriginAs = (url: string, origins: readonly string[]) =>
  origins.some((origin) => url === origin || url.startsWith(`${origin}/`) || url.startsWith(`${origin}?`) || url.startsWith(`${origin}#`));

/** Makes guards on the real extension APIs, or on `apis` in tests. */
export function createLandingGuards(apis: GuardApis): { guard(tabId: number, allowed: readonly string[]): Promise<LandingGuard>; clearStale(): Promise<void> } {
  let nextRuleId = 1;
  return {
    /** Removes rules a stopped worker left behind (session rules outlive the worker). */
    async clearStale() {
      const stale = await apis.getSessionRules();
      if (stale.length > 0) await apis.updateSessionRules({ removeRuleIds: stale.map((rule) => rule.id) });
    },
    async guard(tabId, allowed) {
      const origins = allowedOrigins(allowed);
      const startUrl = await apis.getTabUrl(tabId).catch(() => undefined);
      const existing = new Set((await apis.getSessionRules()).map((rule) => rule.id));
      const ids: number[] = [];
      const takeId = () => {
        while (existing.has(nextRuleId)) nextRuleId++;
        const id = nextRuleId++;
        ids.push(id);
        return id;
      };
      const condition = { tabIds: [tabId], resourceTypes: ['main_frame' as chrome.declarativeNetRequest.ResourceType] };
      const rules: chrome.declarativeNetRequest.Rule[] = [
        { id: takeId(), priority: 1, action: { type: 'block' as chrome.declarativeNetRequest.RuleActionType }, condition },
        ...origins.map((origin) => ({
          id: takeId(),
          priority: 2,
          action: { type: 'allow' as chrome.declarativeNetRequest.RuleActionType },
          condition: { ...condition, urlFilter: `|${origin}/` },
        })),
      ];
      const blocked: string[] = [];
      // The top-frame navigation under way, if any: it ends when it commits or fails.
      let inFlight: Promise<void> | undefined;
      let settleInFlight: (() => void) | undefined;
      const onBefore = (details: { tabId: number; frameId: number }) => {
        if (details.tabId !== tabId || details.frameId !== 0 || inFlight) return;
        inFlight = new Promise<void>((resolve) => {
          settleInFlight = () => {
            inFlight = undefined;
            settleInFlight = undefined;
            resolve();
          };
        });
      };
      const onCommitted = (details: { tabId: number; frameId: number }) => {
        if (details.tabId !== tabId || details.frameId !== 0) return;
        settleInFlight?.();
      };
      const onError = (details: { tabId: number; frameId: number; url: string; error: string }) => {
        if (details.tabId !== tabId || details.frameId !== 0) return;
        if (BLOCKED_ERROR.test(details.error) && !sameOriginAs(details.url, origins)) blocked.push(details.url);
        settleInFlight?.();
      };
      apis.onBeforeNavigate.addListener(onBefore);
      apis.onCommitted.addListener(onCommitted);
      apis.onErrorOccurred.addListener(onError);
      await apis.updateSessionRules({ addRules: rules });
      let released = false;
      return {
        blocked: () => [...blocked],
        async release() {
          if (released) return;
          released = true;
          // A navigation the act started must finish while the rules still hold it.
          await sleep(GRACE_MS);
          const deadline = Date.now() + SETTLE_MS;
          while (inFlight && Date.now() < deadline) await Promise.race([inFlight, sleep(deadline - Date.now())]);
          await apis.updateSessionRules({ removeRuleIds: ids }).catch(() => undefined);
          apis.onBeforeNavigate.removeListener(onBefore);
          apis.onCommitted.removeListener(onCommitted);
          apis.onErrorOccurred.removeListener(onError);
          if (blocked.length === 0 || startUrl === undefined) return;
          // The tab shows the "blocked" error page for the stopped address: load where it was before the act.
          // (Not history.back: the error page's entry may not exist yet when the error is reported.)
          const url = await apis.getTabUrl(tabId).catch(() => undefined);
          if (url !== startUrl) await apis.load(tabId, startUrl).catch(() => undefined);
        },
      };
    },
  };
}

/** The guards on the extension's own APIs; undefined where declarativeNetRequest is missing. */
export function extensionLandingGuards(): ReturnType<typeof createLandingGuards> | undefined {
  const dnr = globalThis.chrome?.declarativeNetRequest;
  if (!dnr?.updateSessionRules) return undefined;
  return createLandingGuards({
    updateSessionRules: (options) => dnr.updateSessionRules(options),
    getSessionRules: () => dnr.getSessionRules(),
    onBeforeNavigate: chrome.webNavigation.onBeforeNavigate,
    onCommitted: chrome.webNavigation.onCommitted,
    onErrorOccurred: chrome.webNavigation.onErrorOccurred,
    getTabUrl: async (tabId) => (await chrome.tabs.get(tabId)).url,
    load: async (tabId, url) => void (await chrome.tabs.update(tabId, { url })),
  });
}
