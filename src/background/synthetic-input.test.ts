import { describe, expect, it } from 'vitest';
import type { NavigationEvents } from './page-watch.js';
import { syntheticPageInput } from './synthetic-input.js';

/** webNavigation events that tests fire by hand. */
function fakeNavigation() {
  const make = () => {
    const listeners = new Set<(d: never) => void>();
    return { addListener: (l: (d: never) => void) => listeners.add(l), removeListener: (l: (d: never) => void) => listeners.delete(l), listeners };
  };
  const names = [
    'onBeforeNavigate',
    'onCommitted',
    'onCompleted',
    'onErrorOccurred',
    'onHistoryStateUpdated',
    'onReferenceFragmentUpdated',
    'onCreatedNavigationTarget',
  ];
  const events = Object.fromEntries(names.map((name) => [name, make()]));
  const fire = (name: string, details: unknown) => events[name]?.listeners.forEach((listener) => listener(details as never));
  return { events: events as unknown as NavigationEvents, fire, listening: (name: string) => events[name]?.listeners.size ?? 0 };
}

describe('syntheticPageInput (a browser without trusted input: Firefox)', () => {
  it('offers no trusted channel, and says why in the words every result shows', async () => {
    const input = syntheticPageInput(fakeNavigation().events, 'Firefox');
    expect(await input.acquire(3, 'run-1')).toEqual({ trusted: false, reason: 'Firefox' });
    await expect(input.mouse(3, [{ type: 'press', x: 1, y: 1 }])).rejects.toMatchObject({ code: 'INPUT_FAILED' });
    await expect(input.keys(3, [])).rejects.toMatchObject({ code: 'INPUT_FAILED' });
    await expect(input.insertText(3, 'x')).rejects.toMatchObject({ code: 'INPUT_FAILED' });
    await expect(input.release('run-1')).resolves.toBeUndefined();
  });

  it('sees no dialogs and says so when asked to answer one', async () => {
    const input = syntheticPageInput(fakeNavigation().events, 'Firefox');
    expect(input.openDialog(3)).toBeUndefined();
    await expect(input.answerDialog(3, true)).rejects.toMatchObject({
      code: 'NO_DIALOG',
      message: expect.stringContaining('Firefox'),
      suggestion: expect.any(String),
    });
  });

  it('still watches navigations and new tabs, and lets go of the events when stopped', () => {
    const navigation = fakeNavigation();
    const watch = syntheticPageInput(navigation.events, 'Firefox').watch(3);
    navigation.fire('onCommitted', { tabId: 3, frameId: 0, url: 'https://a.test/next' });
    navigation.fire('onCreatedNavigationTarget', { sourceTabId: 3, tabId: 9, url: 'https://b.test/' });
    expect(watch.events()).toMatchObject({ navigated: { url: 'https://a.test/next' }, newTabs: [{ tabId: 9, url: 'https://b.test/' }] });
    expect(watch.events().dialog).toBeUndefined();
    watch.stop();
    expect(navigation.listening('onCommitted')).toBe(0);
  });
});
