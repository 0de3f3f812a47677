import { describe, expect, it } from 'vitest';
import { closeTab } from './close-tab.js';
import { listTabs } from './list-tabs.js';
import { openTab } from './open-tab.js';
import { switchTab } from './switch-tab.js';
import type { LandingGuard } from '../../runtime/browser.js';
import { FakeBrowser } from '../../../tests/support/fake-browser.js';
import { fakeContext, noCanUseTool, rejection } from '../../../tests/support/tool-context.js';

const noProgress = () => undefined;

function setup(currentTabId = 1) {
  const browser = new FakeBrowser([
    { id: 1, active: true, url: 'https://shop.test/cart', title: 'Cart' },
    { id: 2, url: 'https://docs.test/a', title: 'Docs' },
    { id: 9, windowId: 2, url: 'https://other-window.test/' },
  ]);
  return { browser, context: fakeContext({ browser, currentTabId, windowId: 1 }) };
}

describe('list_tabs', () => {
  it('lists only the run window’s tabs with id, title, URL, active and current', async () => {
    const { context } = setup(2);
    const { data } = await listTabs.call(listTabs.inputSchema.parse({}), context, noCanUseTool, undefined, noProgress);
    expect(data).toEqual({
      current_tab_id: 2,
      tabs: [
        { tab_id: 1, title: 'Cart', url: 'https://shop.test/cart', active: true, current: false },
        { tab_id: 2, title: 'Docs', url: 'https://docs.test/a', active: false, current: true },
      ],
    });
  });

  it('is a read-only, concurrency-safe read that an interrupt cancels, and takes no input', () => {
    expect(listTabs.isReadOnly({})).toBe(true);
    expect(listTabs.isConcurrencySafe({})).toBe(true);
    expect(listTabs.interruptBehavior()).toBe('cancel');
    expect(listTabs.inputSchema.safeParse({ tab_id: 1 }).success).toBe(false);
  });

  it('gives NO_BROWSER when the run has no browser', async () => {
    const error = await rejection(listTabs.call({}, fakeContext(), noCanUseTool, undefined, noProgress));
    expect(error.code).toBe('NO_BROWSER');
  });
});

describe('open_tab', () => {
  it('opens an active tab in the run’s window and makes it the current tab', async () => {
    const { browser, context } = setup();
    const input = openTab.inputSchema.parse({ url: 'https://news.test/today' });
    expect(input.active).toBe(true);
    const result = await openTab.call(input, context, noCanUseTool, undefined, noProgress);
    expect(result.data).toMatchObject({ url: 'https://news.test/today', active: true, current: true });
    expect(browser.tabs.get(result.data.tab_id)).toMatchObject({ windowId: 1, active: true });
    expect(result.contextModifier?.(context).currentTabId).toBe(result.data.tab_id);
  });

  it('opens a background tab without changing the current tab', async () => {
    const { browser, context } = setup();
    const result = await openTab.call(openTab.inputSchema.parse({ url: 'https://news.test/', active: false }), context, noCanUseTool, undefined, noProgress);
    expect(result.contextModifier).toBeUndefined();
    expect(result.data.current).toBe(false);
    expect(browser.tabs.get(1)?.active).toBe(true);
  });

  it('refuses relative and non-web URLs in validateInput', async () => {
    const { context } = setup();
    for (const url of ['news.test', 'javascript:alert(1)', 'chrome://settings', 'file:///etc/passwd']) {
      const verdict = await openTab.validateInput(openTab.inputSchema.parse({ url }), context);
      expect(verdict).toMatchObject({ ok: false, code: 'INVALID_URL' });
    }
    expect(await openTab.validateInput(openTab.inputSchema.parse({ url: 'http://127.0.0.1:8080/x' }), context)).toEqual({ ok: true });
  });

  it('names the target origin as its permission subject and is an action, not a read', async () => {
    const { context } = setup();
    const input = openTab.inputSchema.parse({ url: 'https://news.test/a/b?q=1' });
    expect(await openTab.permissionSubject(input, context)).toBe('https://news.test');
    expect(openTab.isReadOnly(input)).toBe(false);
    expect(openTab.isConcurrencySafe(input)).toBe(false);
    expect(openTab.isDestructive(input, context)).toBe(false);
    expect(openTab.interruptBehavior()).toBe('block');
  });

  it('loads the address only once the new tab is held to its site; a guard the browser cannot set closes the tab unloaded', async () => {
    const { browser, context } = setup();
    const steps: string[] = [];
    const navigate = browser.navigate.bind(browser);
    browser.navigate = async (...args: Parameters<FakeBrowser['navigate']>) => {
      steps.push(`navigate ${'url' in args[1] ? args[1].url : ''}`);
      return navigate(...args);
    };
    const guarded = Object.assign(browser, {
      guardLanding: async (_tabId: number, allowed: readonly string[]): Promise<LandingGuard> => {
        steps.push(`guard ${allowed.join(' ')}`);
        return { blocked: () => [], release: async () => void steps.push('release') };
      },
    });
    const input = openTab.inputSchema.parse({ url: 'https://news.test/today' });
    const opened = await openTab.call(input, context, noCanUseTool, undefined, noProgress);
    expect(steps).toEqual(['guard https://news.test/today', 'navigate https://news.test/today', 'release']);

    guarded.guardLanding = async () => {
      throw new Error('the rules could not be added');
    };
    steps.length = 0;
    const before = [...browser.tabs.keys()];
    const error = await rejection(openTab.call(input, context, noCanUseTool, undefined, noProgress));
    expect(error.code).toBe('LANDING_GUARD_FAILED');
    expect(steps).toEqual([]);
    expect([...browser.tabs.keys()]).toEqual(before);
    expect(browser.tabs.has(opened.data.tab_id)).toBe(true);
  });
});

describe('switch_tab', () => {
  it('activates the tab and changes the run’s current tab through the context modifier', async () => {
    const { browser, context } = setup(1);
    const result = await switchTab.call({ tab_id: 2 }, context, noCanUseTool, undefined, noProgress);
    expect(result.data).toMatchObject({ tab_id: 2, active: true, previous_tab_id: 1 });
    expect(browser.tabs.get(2)?.active).toBe(true);
    expect(browser.tabs.get(1)?.active).toBe(false);
    const after = result.contextModifier?.(context);
    expect(after?.currentTabId).toBe(2);
    // The modifier keeps everything else of the context.
    expect(after?.browser).toBe(context.browser);
    expect(after?.windowId).toBe(1);
  });

  it('gives TAB_CLOSED with a list_tabs suggestion for an unknown tab and changes nothing', async () => {
    const { browser, context } = setup(1);
    const error = await rejection(switchTab.call({ tab_id: 404 }, context, noCanUseTool, undefined, noProgress));
    expect(error.code).toBe('TAB_CLOSED');
    expect(error.suggestion).toMatch(/list_tabs/);
    expect(error.details).toMatchObject({ tab_id: 404 });
    expect(browser.tabs.get(1)?.active).toBe(true);
  });

  it('maps a raw browser "No tab with id" error to TAB_CLOSED', async () => {
    const { browser, context } = setup(1);
    browser.activateTab = async () => {
      throw new Error('No tab with id: 2.');
    };
    expect((await rejection(switchTab.call({ tab_id: 2 }, context, noCanUseTool, undefined, noProgress))).code).toBe('TAB_CLOSED');
  });

  it('uses the tab’s origin as permission subject (none for a closed tab) and rejects bad ids', async () => {
    const { context } = setup(1);
    expect(await switchTab.permissionSubject({ tab_id: 2 }, context)).toBe('https://docs.test');
    expect(await switchTab.permissionSubject({ tab_id: 404 }, context)).toBeUndefined();
    expect(switchTab.inputSchema.safeParse({ tab_id: -1 }).success).toBe(false);
    expect(switchTab.inputSchema.safeParse({ tab_id: 1.5 }).success).toBe(false);
    expect(switchTab.inputSchema.safeParse({}).success).toBe(false);
    expect(switchTab.isConcurrencySafe({ tab_id: 2 })).toBe(false);
    expect(switchTab.isReadOnly({ tab_id: 2 })).toBe(false);
  });
});

describe('close_tab', () => {
  it('is destructive for every call and says which site in its description when known', () => {
    const { context } = setup(1);
    context.snapshots.update(2, 'https://docs.test/a', {});
    expect(closeTab.isDestructive({ tab_id: 2 }, context)).toBe(true);
    expect(closeTab.description({ tab_id: 2 }, context)).toBe('Close tab 2 (docs.test)');
    expect(closeTab.description({ tab_id: 7 }, context)).toBe('Close tab 7');
  });

  it('closes another tab and keeps the current tab', async () => {
    const { browser, context } = setup(1);
    context.snapshots.update(2, 'https://docs.test/a', {});
    const result = await closeTab.call({ tab_id: 2 }, context, noCanUseTool, undefined, noProgress);
    expect(result.data).toEqual({ closed_tab_id: 2, current_tab_id: 1 });
    expect(result.contextModifier).toBeUndefined();
    expect(browser.tabs.has(2)).toBe(false);
    expect(context.snapshots.get(2)).toBeUndefined();
  });

  it('closing the current tab moves the run to the tab the browser shows next', async () => {
    const { browser, context } = setup(1);
    const result = await closeTab.call({ tab_id: 1 }, context, noCanUseTool, undefined, noProgress);
    expect(browser.tabs.get(2)?.active).toBe(true);
    expect(result.data).toEqual({ closed_tab_id: 1, current_tab_id: 2 });
    expect(result.contextModifier?.(context).currentTabId).toBe(2);
  });

  it('gives TAB_CLOSED for a tab that is already gone', async () => {
    const { context } = setup(1);
    const error = await rejection(closeTab.call({ tab_id: 55 }, context, noCanUseTool, undefined, noProgress));
    expect(error.code).toBe('TAB_CLOSED');
    expect(error.suggestion).toMatch(/list_tabs/);
  });
});
