/**
 * Holding a tab to the sites an act was judged to land on. While the act runs, session rules of
 * declarativeNetRequest let the tab's top-level requests go only to those sites (allow rules for their
 * origins over a block rule for the tab), so a redirect — server or script — to another site is stopped
 * before its request leaves the browser: the data in its address never reaches that site. A stopped
 * load shows in webNavigation as an error (BLOCKED_ERROR), which tells us the address; on release the
 * tab is taken back from the error page. The same rules work in Chrome and Firefox (session rules,
 * `tabIds`, `main_frame`).
 *
 * Not only the tab's own top-level loads: an act can also send data away by a navigation inside a frame
 * (a form submitted in a frame, a link with target set to a frame) or into a new tab (target=_blank,
 * window.open). So while the guard holds, a frame of the tab may load only the allowed sites or its own
 * site (a frame navigating itself, like a payment frame's own submit), and a new tab opened from the
 * tab's sites only the allowed sites; a new tab stopped that way is closed on release.
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
  onCreatedNavigationTarget: chrome.events.Event<(details: { sourceTabId: number; tabId: number; url: string }) => void>;
  getTabUrl(tabId: number): Promise<string | undefined>;
  /** The addresses of the tab's frames (subframes only). */
  getFrameUrls(tabId: number): Promise<string[]>;
  closeTab(tabId: number): Promise<void>;
  /** Loads an address in the tab (to take it back from a stopped load), resolving once the load has committed or failed. */
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

/** The host of an http(s) address, as declarativeNetRequest's domain conditions name it (no port). */
function hostOf(address: string | undefined): string | undefined {
  try {
    const url = new URL(address ?? '');
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname : undefined;
  } catch {
    return undefined;
  }
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
      const type = (name: string) => name as chrome.declarativeNetRequest.ResourceType;
      const block = { type: 'block' as chrome.declarativeNetRequest.RuleActionType };
      const allow = { type: 'allow' as chrome.declarativeNetRequest.RuleActionType };
      const frameUrls = await apis.getFrameUrls(tabId).catch(() => [] as string[]);
      const condition = { tabIds: [tabId], resourceTypes: [type('main_frame')] };
      const frames = { tabIds: [tabId], resourceTypes: [type('sub_frame')] };
      // New tabs: main-frame loads started by the tab's pages (its own site and its frames' sites) in any other tab.
      const openerHosts = [...new Set([startUrl, ...frameUrls].map(hostOf).filter((host): host is string => host !== undefined))];
      const opened = { excludedTabIds: [tabId], initiatorDomains: openerHosts, resourceTypes: [type('main_frame')] };
      const ownSites = [...new Set(frameUrls.flatMap((url) => allowedOrigins([url])))];
      const rules: chrome.declarativeNetRequest.Rule[] = [
        { id: takeId(), priority: 1, action: block, condition },
        { id: takeId(), priority: 1, action: block, condition: frames },
        ...(openerHosts.length > 0 ? [{ id: takeId(), priority: 1, action: block, condition: opened }] : []),
        ...origins.flatMap((origin) => [
          { id: takeId(), priority: 2, action: allow, condition: { ...condition, urlFilter: `|${origin}/` } },
          { id: takeId(), priority: 2, action: allow, condition: { ...frames, urlFilter: `|${origin}/` } },
          ...(openerHosts.length > 0 ? [{ id: takeId(), priority: 2, action: allow, condition: { ...opened, urlFilter: `|${origin}/` } }] : []),
        ]),
        // A frame may go on loading its own site when that site starts the load (its own form, its own link).
        ...ownSites.flatMap((origin) => {
          const host = hostOf(origin);
          return host ? [{ id: takeId(), priority: 2, action: allow, condition: { ...frames, urlFilter: `|${origin}/`, initiatorDomains: [host] } }] : [];
        }),
      ];
      const blocked: string[] = [];
      // Tabs this tab's pages opened while the guard held: their stopped loads are landings elsewhere too.
      const spawned = new Set<number>();
      const blockedTabs = new Set<number>();
      let topBlocked = false;
      const onCreated = (details: { sourceTabId: number; tabId: number }) => {
        if (details.sourceTabId === tabId) spawned.add(details.tabId);
      };
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
        const stopped = BLOCKED_ERROR.test(details.error) && !sameOriginAs(details.url, origins);
        if (spawned.has(details.tabId) && details.frameId === 0) {
          if (stopped) {
            blocked.push(details.url);
            blockedTabs.add(details.tabId);
          }
          return;
        }
        if (details.tabId !== tabId) return;
        // A frame's stopped load: its own site is allowed when the frame itself starts it, so any stop is elsewhere.
        if (details.frameId !== 0) {
          if (stopped && !sameOriginAs(details.url, ownSites)) blocked.push(details.url);
          return;
        }
        if (stopped) {
          blocked.push(details.url);
          topBlocked = true;
        }
        settleInFlight?.();
      };
      apis.onBeforeNavigate.addListener(onBefore);
      apis.onCommitted.addListener(onCommitted);
      apis.onErrorOccurred.addListener(onError);
      apis.onCreatedNavigationTarget.addListener(onCreated);
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
          apis.onCreatedNavigationTarget.removeListener(onCreated);
          // A tab opened only to carry data away shows an error page: it goes.
          await Promise.all([...blockedTabs].map((id) => apis.closeTab(id).catch(() => undefined)));
          if (!topBlocked || startUrl === undefined) return;
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
    onCreatedNavigationTarget: chrome.webNavigation.onCreatedNavigationTarget,
    getTabUrl: async (tabId) => (await chrome.tabs.get(tabId)).url,
    getFrameUrls: async (tabId) =>
      ((await chrome.webNavigation.getAllFrames({ tabId })) ?? []).filter((frame) => frame.frameId !== 0).map((frame) => frame.url),
    closeTab: (tabId) => chrome.tabs.remove(tabId),
    load: (tabId, url) => loadAndCommit(tabId, url),
  });
}

/**
 * Loads `url` in the tab and resolves once the load has committed or failed (or after SETTLE_MS): the
 * act that restores a tab ends with the tab back, not with a load still on its way that would cut off the
 * next navigation in it (`tabs.update` resolves as the load starts).
 */
export async function loadAndCommit(tabId: number, url: string): Promise<void> {
  let done!: () => void;
  const ended = new Promise<void>((resolve) => (done = resolve));
  const onEnd = (details: { tabId: number; frameId: number }) => {
    if (details.tabId === tabId && details.frameId === 0) done();
  };
  // A tab the person closed meanwhile has nothing left to load.
  const onRemoved = (closedId: number) => closedId === tabId && done();
  // A load that only changes the fragment commits no new document: it ends as the fragment changes.
  const events = [chrome.webNavigation.onCommitted, chrome.webNavigation.onErrorOccurred, chrome.webNavigation.onReferenceFragmentUpdated];
  for (const event of events) event.addListener(onEnd);
  chrome.tabs.onRemoved.addListener(onRemoved);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await chrome.tabs.update(tabId, { url });
    await Promise.race([ended, new Promise<void>((resolve) => (timer = setTimeout(resolve, SETTLE_MS)))]);
  } finally {
    clearTimeout(timer);
    for (const event of events) event.removeListener(onEnd);
    chrome.tabs.onRemoved.removeListener(onRemoved);
  }
}
