import { describe, expect, it } from 'vitest';
import { decorateBridge, type BrowserBridge, type TabInfo } from './browser.js';

const tab = (id: number): TabInfo => ({ id, windowId: 1, url: `https://site${id}.test/`, title: `Tab ${id}`, active: false, status: 'complete' });

/** A bridge as a class: its methods live on the prototype and keep state in fields, as a test's fake does. */
class CountingBridge {
  opened = 0;
  async openTab(): Promise<TabInfo> {
    this.opened++;
    return tab(100 + this.opened);
  }
  async getTab(tabId: number): Promise<TabInfo> {
    return tab(tabId);
  }
  async activateTab(tabId: number): Promise<TabInfo> {
    return { ...tab(tabId), active: true };
  }
}

const asBridge = (value: object) => value as unknown as BrowserBridge;

describe('decorateBridge', () => {
  it('keeps the methods of a class instance, run on the instance itself, and applies the overrides', async () => {
    const base = new CountingBridge();
    const decorated = decorateBridge(asBridge(base), { activateTab: async (tabId) => ({ ...tab(tabId), title: 'decorated' }) });
    expect((await decorated.getTab(3)).id).toBe(3);
    await decorated.openTab('https://a.test/', { active: false, windowId: undefined });
    await decorated.openTab('https://b.test/', { active: false, windowId: undefined });
    expect(base.opened).toBe(2);
    expect((await decorated.activateTab(4)).title).toBe('decorated');
  });

  it('loses nothing when decorated again or spread', async () => {
    const base = new CountingBridge();
    const once = decorateBridge(asBridge(base), { getTab: async (tabId) => ({ ...tab(tabId), title: 'once' }) });
    const twice = decorateBridge(once, { activateTab: async () => tab(0) });
    expect((await twice.getTab(5)).title).toBe('once');
    expect((await twice.activateTab(5)).id).toBe(0);
    const spread = { ...twice };
    expect((await spread.openTab('https://c.test/', { active: true, windowId: undefined })).id).toBe(101);
    expect(base.opened).toBe(1);
  });

  it('keeps plain values such as the input port', () => {
    const input = { watch: () => undefined };
    const decorated = decorateBridge(asBridge({ input }), {});
    expect(decorated.input).toBe(input);
  });
});
