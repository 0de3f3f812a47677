import { describe, expect, it } from 'vitest';
import type { BrowserBridge } from '../../runtime/browser.js';
import type { DevToolsPort } from '../../runtime/devtools.js';
import type { PageInputPort } from '../../runtime/page-input.js';
import { FakeBrowser } from '../../../tests/support/fake-browser.js';
import { SessionTabs, type TabGroups } from './session-tabs.js';

function setup() {
  const fake = new FakeBrowser([
    { id: 1, active: true, url: 'https://person.test/inbox', title: 'Inbox' },
    { id: 2, url: 'https://person.test/bank', title: 'Bank' },
  ]);
  const acquired: Array<[number, string]> = [];
  const input = {
    acquire: async (tabId: number, owner: string) => (acquired.push([tabId, owner]), { trusted: true }),
    openDialog: () => undefined,
  } as unknown as PageInputPort;
  const devtools = { console: async () => ({ since: 0, entries: [], dropped: 0 }) } as unknown as DevToolsPort;
  const parent: BrowserBridge = Object.assign(Object.create(fake) as BrowserBridge, { input, devtools });
  const groups: Array<[string, ...unknown[]]> = [];
  const groupApi: TabGroups = {
    group: async (tabIds, groupId) => (groups.push(['group', tabIds, groupId]), groupId ?? 77),
    name: async (groupId, title) => void groups.push(['name', groupId, title]),
    ungroup: async (tabIds) => void groups.push(['ungroup', tabIds]),
  };
  const followed: number[] = [];
  let changes = 0;
  const tabs = new SessionTabs({ title: 'Claude Code', groups: groupApi, follow: async (tabId) => void followed.push(tabId), onChange: () => changes++ });
  return { fake, tabs, bridge: tabs.bridge(parent, 'run-1'), groups, followed, acquired, changes: () => changes };
}

describe('an outside session’s tabs', () => {
  it('refuses the person’s tabs at every door a tool could use', async () => {
    const { bridge } = setup();
    const refused = expect.objectContaining({ code: 'TAB_NOT_SHARED' });
    const signal = new AbortController().signal;
    await expect(bridge.sendToTab(2, {}, { signal })).rejects.toEqual(refused);
    await expect(bridge.getTab(2)).rejects.toEqual(refused);
    await expect(bridge.navigate(2, { url: 'https://evil.test/' }, signal)).rejects.toEqual(refused);
    await expect(bridge.captureVisibleTab(1)).rejects.toEqual(refused);
    await expect(bridge.closeTab(1)).rejects.toEqual(refused);
    await expect(bridge.activateTab(2)).rejects.toEqual(refused);
    await expect(bridge.listFrames(2)).rejects.toEqual(refused);
    await expect(bridge.input!.mouse(2, [])).rejects.toEqual(refused);
    await expect(bridge.input!.answerDialog(2, true)).rejects.toEqual(refused);
    await expect(bridge.devtools!.console(2, 'run-1')).rejects.toEqual(refused);
    expect(await bridge.listTabs(1)).toEqual([]);
  });

  it('makes a tab it opens its own: grouped under its name, attached before its page loads, and its conversation follows', async () => {
    const { bridge, groups, followed, acquired, changes } = setup();
    const tab = await bridge.openTab('about:blank', { active: true, windowId: 1 });
    expect(groups).toEqual([
      ['group', [tab.id], undefined],
      ['name', 77, 'Claude Code'],
    ]);
    expect(acquired).toEqual([[tab.id, 'run-1']]);
    expect(followed).toEqual([tab.id]);
    expect(changes()).toBeGreaterThan(0);
    expect((await bridge.listTabs(undefined)).map((t) => t.id)).toEqual([tab.id]);
    expect((await bridge.getTab(tab.id)).id).toBe(tab.id);
    // A second tab joins the same group; the conversation moves only when the tab changes.
    const second = await bridge.openTab('about:blank', { active: false, windowId: 1 });
    await bridge.getTab(second.id);
    await bridge.getTab(second.id);
    expect(groups.at(-1)).toEqual(['group', [second.id], 77]);
    expect(followed).toEqual([tab.id, second.id]);
  });

  it('uses a tab the person shares, and loses every tab when its group is closed', async () => {
    const { tabs, bridge, groups } = setup();
    await tabs.share(2);
    expect((await bridge.getTab(2)).title).toBe('Bank');
    tabs.groupRemoved(12); // someone else's group
    expect(tabs.has(2)).toBe(true);
    tabs.groupRemoved(77);
    await expect(bridge.getTab(2)).rejects.toMatchObject({ code: 'TAB_NOT_SHARED' });
    await tabs.share(1);
    await tabs.unshare(1);
    expect(groups.at(-1)).toEqual(['ungroup', [1]]);
    expect(tabs.ids).toEqual([]);
  });

  it('lets its tabs go when the session ends: they leave the group and stay open', async () => {
    const { tabs, bridge, fake, groups } = setup();
    const tab = await bridge.openTab('about:blank', { active: true, windowId: 1 });
    await tabs.release();
    expect(groups.at(-1)).toEqual(['ungroup', [tab.id]]);
    expect(fake.tabs.has(tab.id)).toBe(true);
    expect(tabs.ids).toEqual([]);
  });
});
