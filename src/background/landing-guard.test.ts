/** The landing guard on fake extension APIs: the rules it sets, what it reports stopped, and its release. */
import { describe, expect, it, vi } from 'vitest';
import { createLandingGuards, loadAndCommit, type GuardApis } from './landing-guard.js';

type Listener<T> = (details: T) => void;
function event<T>() {
  const listeners = new Set<Listener<T>>();
  return {
    addListener: (listener: Listener<T>) => listeners.add(listener),
    removeListener: (listener: Listener<T>) => listeners.delete(listener),
    hasListener: (listener: Listener<T>) => listeners.has(listener),
    fire: (details: T) => [...listeners].forEach((listener) => listener(details)),
    size: () => listeners.size,
  };
}

function fakeApis() {
  let rules: chrome.declarativeNetRequest.Rule[] = [];
  const onBeforeNavigate = event<{ tabId: number; frameId: number; url: string }>();
  const onCommitted = event<{ tabId: number; frameId: number; url: string }>();
  const onErrorOccurred = event<{ tabId: number; frameId: number; url: string; error: string }>();
  const onCreatedNavigationTarget = event<{ sourceTabId: number; tabId: number; url: string }>();
  const closed: number[] = [];
  let tabUrl = 'https://shop.test/cart';
  const loaded: string[] = [];
  const apis = {
    updateSessionRules: async (options: chrome.declarativeNetRequest.UpdateRuleOptions) => {
      rules = rules.filter((rule) => !options.removeRuleIds?.includes(rule.id)).concat(options.addRules ?? []);
    },
    getSessionRules: async () => rules,
    onBeforeNavigate,
    onCommitted,
    onErrorOccurred,
    onCreatedNavigationTarget,
    getTabUrl: async () => tabUrl,
    getFrameUrls: async () => ['https://pay.test/card', 'about:blank'],
    closeTab: async (tabId: number) => void closed.push(tabId),
    load: async (tabId: number, url: string) => void loaded.push(`${tabId} ${url}`),
  };
  return {
    apis: apis as unknown as GuardApis,
    rules: () => rules,
    onBeforeNavigate,
    onCommitted,
    onErrorOccurred,
    onCreatedNavigationTarget,
    closed,
    setTabUrl: (url: string) => (tabUrl = url),
    loaded,
  };
}

describe('landing guard', () => {
  it('blocks the tab’s top-level loads except to the allowed sites (with and without www), only while it holds', async () => {
    const fake = fakeApis();
    const guard = await createLandingGuards(fake.apis).guard(7, ['https://shop.test/cart', 'http://127.0.0.1:4000/x']);
    const rules = fake.rules();
    expect(rules.find((rule) => rule.action.type === 'block')).toMatchObject({ priority: 1, condition: { tabIds: [7], resourceTypes: ['main_frame'] } });
    const allowed = (types: string[]) =>
      rules
        .filter((rule) => rule.action.type === 'allow' && JSON.stringify(rule.condition.resourceTypes) === JSON.stringify(types) && rule.condition.tabIds)
        .map((rule) => rule.condition.urlFilter);
    expect(allowed(['main_frame'])).toEqual(['|https://shop.test/', '|https://www.shop.test/', '|http://127.0.0.1:4000/', '|http://www.127.0.0.1:4000/']);
    // Frames: the allowed sites, and a frame's own site when that site starts the load.
    expect(allowed(['sub_frame'])).toEqual([
      '|https://shop.test/',
      '|https://www.shop.test/',
      '|http://127.0.0.1:4000/',
      '|http://www.127.0.0.1:4000/',
      '|https://pay.test/',
      '|https://www.pay.test/',
    ]);
    expect(rules.find((rule) => rule.condition.urlFilter === '|https://pay.test/')?.condition.initiatorDomains).toEqual(['pay.test']);
    expect(
      rules.find((rule) => rule.action.type === 'block' && rule.condition.resourceTypes?.includes('sub_frame' as chrome.declarativeNetRequest.ResourceType))
        ?.condition.tabIds,
    ).toEqual([7]);
    // New tabs the tab's pages open: every other tab, main-frame loads started by the tab's sites, held to the allowed sites.
    const opened = rules.filter((rule) => rule.condition.excludedTabIds?.includes(7));
    expect(opened.find((rule) => rule.action.type === 'block')?.condition).toMatchObject({
      initiatorDomains: ['shop.test', 'pay.test'],
      resourceTypes: ['main_frame'],
    });
    expect(opened.filter((rule) => rule.action.type === 'allow').map((rule) => rule.condition.urlFilter)).toEqual(allowed(['main_frame']));
    await guard.release();
    expect(fake.rules()).toEqual([]);
    expect(fake.onErrorOccurred.size()).toBe(0);
  });

  it('reports a stopped landing elsewhere, waits for the navigation the act started, and takes the tab back', async () => {
    const fake = fakeApis();
    const guard = await createLandingGuards(fake.apis).guard(7, ['https://shop.test/']);
    fake.onBeforeNavigate.fire({ tabId: 7, frameId: 0, url: 'https://shop.test/go?to=evil' });
    const released = guard.release();
    // Another tab's errors are not ours; another extension's block of an allowed site is not a landing elsewhere.
    fake.onErrorOccurred.fire({ tabId: 8, frameId: 0, url: 'https://evil.test/a', error: 'net::ERR_BLOCKED_BY_CLIENT' });
    fake.setTabUrl('https://evil.test/steal?d=secret');
    fake.onErrorOccurred.fire({ tabId: 7, frameId: 0, url: 'https://evil.test/steal?d=secret', error: 'net::ERR_BLOCKED_BY_CLIENT' });
    await released;
    expect(guard.blocked()).toEqual(['https://evil.test/steal?d=secret']);
    expect(fake.loaded).toEqual(['7 https://shop.test/cart']);
    expect(fake.rules()).toEqual([]);
  });

  it('keeps its rules while the navigation the act started is still under way, and lifts them once it ends', async () => {
    vi.useFakeTimers();
    try {
      const fake = fakeApis();
      const guard = await createLandingGuards(fake.apis).guard(7, ['https://shop.test/']);
      fake.onBeforeNavigate.fire({ tabId: 7, frameId: 0, url: 'https://shop.test/slow' });
      let released = false;
      const release = guard.release().then(() => void (released = true));
      // Well past the grace period: a redirect at the end of a slow navigation is still held.
      await vi.advanceTimersByTimeAsync(5_000);
      expect(released).toBe(false);
      expect(fake.rules().length).toBeGreaterThan(0);
      fake.onCommitted.fire({ tabId: 7, frameId: 0, url: 'https://shop.test/slow' });
      await vi.advanceTimersByTimeAsync(0);
      await release;
      expect(fake.rules()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a frame’s stopped load and a new tab’s, and closes the new tab that was stopped', async () => {
    const fake = fakeApis();
    const guard = await createLandingGuards(fake.apis).guard(7, ['https://shop.test/']);
    fake.onCreatedNavigationTarget.fire({ sourceTabId: 7, tabId: 9, url: 'https://evil.test/tab?d=secret' });
    fake.onCreatedNavigationTarget.fire({ sourceTabId: 5, tabId: 10, url: 'https://evil.test/other' });
    fake.onErrorOccurred.fire({ tabId: 7, frameId: 3, url: 'https://evil.test/frame?d=secret', error: 'net::ERR_BLOCKED_BY_CLIENT' });
    fake.onErrorOccurred.fire({ tabId: 9, frameId: 0, url: 'https://evil.test/tab?d=secret', error: 'net::ERR_BLOCKED_BY_CLIENT' });
    fake.onErrorOccurred.fire({ tabId: 10, frameId: 0, url: 'https://evil.test/other', error: 'net::ERR_BLOCKED_BY_CLIENT' });
    await guard.release();
    expect(guard.blocked()).toEqual(['https://evil.test/frame?d=secret', 'https://evil.test/tab?d=secret']);
    expect(fake.closed).toEqual([9]);
    // Only a stopped top-level load takes the tab back.
    expect(fake.loaded).toEqual([]);
    expect(fake.rules()).toEqual([]);
    expect(fake.onCreatedNavigationTarget.size()).toBe(0);
  });

  it('reads Firefox’s report of a stopped load (NS_ERROR_ABORT) as blocked, and other errors as not', async () => {
    const fake = fakeApis();
    const guard = await createLandingGuards(fake.apis).guard(7, ['https://shop.test/']);
    fake.onBeforeNavigate.fire({ tabId: 7, frameId: 0, url: 'https://shop.test/go' });
    const released = guard.release();
    fake.onErrorOccurred.fire({ tabId: 7, frameId: 0, url: 'https://down.test/', error: 'Error code 2152398861' });
    fake.onErrorOccurred.fire({ tabId: 7, frameId: 0, url: 'https://evil.test/steal?d=secret', error: 'Error code 2147500036' });
    await released;
    expect(guard.blocked()).toEqual(['https://evil.test/steal?d=secret']);
  });

  it('clears rules a stopped worker left behind, and never reuses a rule id still in use', async () => {
    const fake = fakeApis();
    await fake.apis.updateSessionRules({
      addRules: [{ id: 1, priority: 1, action: { type: 'block' as chrome.declarativeNetRequest.RuleActionType }, condition: { tabIds: [3] } }],
    });
    const guards = createLandingGuards(fake.apis);
    const guard = await guards.guard(4, ['https://a.test/']);
    expect(fake.rules().map((rule) => rule.id)).toEqual([1, ...Array.from({ length: fake.rules().length - 1 }, (_, i) => i + 2)]);
    await guard.release();
    await guards.clearStale();
    expect(fake.rules()).toEqual([]);
  });
});

describe('loading the tab back', () => {
  function fakeChrome() {
    const onCommitted = event<{ tabId: number; frameId: number }>();
    const onErrorOccurred = event<{ tabId: number; frameId: number }>();
    const onReferenceFragmentUpdated = event<{ tabId: number; frameId: number }>();
    const onRemoved = event<number>();
    const updated: string[] = [];
    vi.stubGlobal('chrome', {
      webNavigation: { onCommitted, onErrorOccurred, onReferenceFragmentUpdated },
      tabs: { onRemoved, update: async (tabId: number, { url }: { url: string }) => void updated.push(`${tabId} ${url}`) },
    });
    return {
      onCommitted,
      onRemoved,
      updated,
      listening: () => onCommitted.size() + onErrorOccurred.size() + onReferenceFragmentUpdated.size() + onRemoved.size(),
    };
  }

  it('ends when the load commits, or at once when the tab is closed meanwhile, without waiting out its deadline', async () => {
    // Only the deadline's timers are fake (never advanced); a real setImmediate runs after every pending promise step.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    try {
      const fake = fakeChrome();
      const ends: string[] = [];
      const committed = loadAndCommit(5, 'https://shop.test/cart').then(() => ends.push('committed'));
      expect(fake.updated).toEqual(['5 https://shop.test/cart']);
      // Another tab's load, or a child frame's, is not this one.
      fake.onCommitted.fire({ tabId: 6, frameId: 0 });
      fake.onCommitted.fire({ tabId: 5, frameId: 2 });
      await settle();
      expect(ends).toEqual([]);
      fake.onCommitted.fire({ tabId: 5, frameId: 0 });
      await committed;

      const closed = loadAndCommit(5, 'https://shop.test/cart').then(() => ends.push('closed'));
      fake.onRemoved.fire(6);
      await settle();
      expect(ends).toEqual(['committed']);
      fake.onRemoved.fire(5);
      await closed;
      // Neither waited out SETTLE_MS (its timer was never advanced), and nothing is left listening.
      expect(ends).toEqual(['committed', 'closed']);
      expect(fake.listening()).toBe(0);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
});
