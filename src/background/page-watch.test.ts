import { describe, expect, it } from 'vitest';
import { watchPage, type NavigationEvents } from './page-watch.js';

/** webNavigation events that tests fire by hand. */
function fakeEvents() {
  const make = <T>() => {
    const listeners = new Set<(d: T) => void>();
    return {
      addListener: (l: (d: T) => void) => listeners.add(l),
      removeListener: (l: (d: T) => void) => listeners.delete(l),
      fire: (d: T) => listeners.forEach((l) => l(d)),
      size: () => listeners.size,
    };
  };
  const events = {
    onBeforeNavigate: make<{ tabId: number; frameId: number; url: string }>(),
    onCommitted: make<{ tabId: number; frameId: number; url: string }>(),
    onCompleted: make<{ tabId: number; frameId: number; url: string }>(),
    onErrorOccurred: make<{ tabId: number; frameId: number; url: string; error?: string }>(),
    onHistoryStateUpdated: make<{ tabId: number; frameId: number; url: string }>(),
    onReferenceFragmentUpdated: make<{ tabId: number; frameId: number; url: string }>(),
    onCreatedNavigationTarget: make<{ sourceTabId: number; tabId: number; url: string }>(),
  };
  return events;
}

describe('watchPage', () => {
  it('reports where a navigation of the top frame landed, waiting for it to load', async () => {
    const events = fakeEvents();
    const watch = watchPage(events as unknown as NavigationEvents, 5, () => undefined);
    events.onBeforeNavigate.fire({ tabId: 5, frameId: 3, url: 'https://ads.test/' }); // a frame: not the page
    events.onBeforeNavigate.fire({ tabId: 6, frameId: 0, url: 'https://other.test/' }); // another tab
    expect(watch.events().navigationStarted).toBeUndefined();
    events.onBeforeNavigate.fire({ tabId: 5, frameId: 0, url: 'https://a.test/post' });
    events.onCommitted.fire({ tabId: 5, frameId: 0, url: 'https://a.test/done' });
    const settled = watch.waitForNavigation(5_000, new AbortController().signal);
    events.onCompleted.fire({ tabId: 5, frameId: 0, url: 'https://a.test/done' });
    await settled;
    expect(watch.events()).toMatchObject({ navigationStarted: 'https://a.test/post', navigated: { url: 'https://a.test/done' } });
    watch.stop();
    expect(events.onCompleted.size()).toBe(0);
  });

  it('reports same-page address changes, new tabs and the open dialog', () => {
    const events = fakeEvents();
    const watch = watchPage(events as unknown as NavigationEvents, 5, () => ({ type: 'alert', message: 'Saved', url: '' }));
    events.onHistoryStateUpdated.fire({ tabId: 5, frameId: 0, url: 'https://a.test/#/active' });
    events.onCreatedNavigationTarget.fire({ sourceTabId: 5, tabId: 9, url: 'https://a.test/help' });
    expect(watch.events()).toEqual({
      urlChanged: 'https://a.test/#/active',
      newTabs: [{ tabId: 9, url: 'https://a.test/help' }],
      dialog: { type: 'alert', message: 'Saved', url: '' },
    });
  });

  it('stops waiting for a navigation after its bound', async () => {
    const events = fakeEvents();
    const watch = watchPage(events as unknown as NavigationEvents, 5, () => undefined);
    events.onBeforeNavigate.fire({ tabId: 5, frameId: 0, url: 'https://slow.test/' });
    await watch.waitForNavigation(30, new AbortController().signal);
    expect(watch.events().navigated).toBeUndefined();
    expect(watch.events().navigationStarted).toBe('https://slow.test/');
  });
});
