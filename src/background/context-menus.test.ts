import { describe, expect, it } from 'vitest';
import { createDataLedger } from '../runtime/data-ledger.js';
import {
  createMenuClickHandler,
  fillTemplate,
  menuItems,
  MENU_ASK_IMAGE,
  MENU_ASK_LINK,
  MENU_ASK_SELECTION,
  MENU_SUMMARIZE_PAGE,
  promptForClick,
} from './context-menus.js';

const settings = {
  shortcuts: [
    {
      id: 'translate',
      name: 'translate-to-french',
      title: 'Translate to French',
      prompt: 'Translate {{ selection }} from {{title}} <{{url}}> (link: {{link}}) {{unknown}}',
      contexts: ['selection' as const],
    },
  ],
};

describe('fillTemplate', () => {
  const from = { page: 'https://x.test', selection: 'https://frame.test' };
  it('fills the four names, tolerates spaces in braces, leaves unknown names alone', () => {
    expect(fillTemplate('{{selection}}|{{ url }}|{{title}}|{{link}}|{{other}}', { selection: 's', url: 'u', title: 't', link: 'l' }, from)).toBe(
      '⟦from https://frame.test: s⟧|⟦from https://x.test: u⟧|⟦from https://x.test: t⟧|⟦from https://x.test: l⟧|{{other}}',
    );
  });
  it('fills missing values with empty strings and does not re-expand filled text', () => {
    expect(fillTemplate('[{{link}}] {{selection}}', { selection: '{{url}}', url: 'https://x' }, from)).toBe('[] ⟦from https://frame.test: {{url}}⟧');
  });
  it('bounds what a page puts in the prompt: a selection, a title, an address', () => {
    const huge = 'word '.repeat(40_000);
    const filled = fillTemplate(
      '{{selection}}|{{title}}|{{url}}',
      { selection: huge, title: huge, url: `https://x.test/?q=${huge}` },
      { page: 'https://x.test' },
    );
    const [selection = '', title = '', url = ''] = filled.split('|');
    expect(selection.length).toBeLessThanOrEqual(20_000 + 40);
    expect(title.length).toBeLessThanOrEqual(500 + 40);
    expect(url.length).toBeLessThanOrEqual(500 + 40);
  });
  it('marks every value as the page’s, so the ledger files it as read there, not as the person’s words', () => {
    const ledger = createDataLedger();
    ledger.personSaid(fillTemplate('Explain {{selection}} briefly', { selection: 'Transfer code 7781-2231' }, { page: 'https://bank.test' }));
    expect(ledger.carriedTo('7781-2231', 'https://evil.test')).toEqual([{ from: 'https://bank.test', text: '7781-2231' }]);
    expect(ledger.carriedTo('briefly explain', 'https://evil.test')).toEqual([]);
  });
});

describe('menuItems', () => {
  it('lists the built-ins, then the custom actions with their contexts', () => {
    expect(menuItems(settings).map((i) => [i.id, i.contexts])).toEqual([
      [MENU_ASK_SELECTION, ['selection']],
      [MENU_SUMMARIZE_PAGE, ['page']],
      [MENU_ASK_LINK, ['link']],
      [MENU_ASK_IMAGE, ['image']],
      ['pagewright-custom-translate', ['selection']],
    ]);
    expect(menuItems(undefined)).toHaveLength(4);
  });
});

describe('promptForClick', () => {
  const tab = { id: 7, windowId: 1, url: 'https://example.com/a', title: 'Example' };
  it('builds the built-in prompts from the click and the tab', () => {
    expect(promptForClick({ menuItemId: MENU_ASK_SELECTION, selectionText: 'quarks' }, tab, settings)).toContain('quarks');
    expect(promptForClick({ menuItemId: MENU_SUMMARIZE_PAGE, pageUrl: 'https://example.com/b' }, tab, settings)).toContain('https://example.com/b');
    expect(promptForClick({ menuItemId: MENU_ASK_LINK, linkUrl: 'https://example.com/next' }, tab, settings)).toContain('https://example.com/next');
    expect(promptForClick({ menuItemId: MENU_ASK_IMAGE, srcUrl: 'https://example.com/cat.png' }, tab, settings)).toContain('https://example.com/cat.png');
  });
  it('fills a custom action, the selection from the frame it was made in', () => {
    expect(promptForClick({ menuItemId: 'pagewright-custom-translate', selectionText: 'hello', linkUrl: 'https://l' }, tab, settings)).toBe(
      'Translate ⟦from https://example.com: hello⟧ from ⟦from https://example.com: Example⟧ <⟦from https://example.com: https://example.com/a⟧> (link: ⟦from https://example.com: https://l⟧) {{unknown}}',
    );
    expect(
      promptForClick({ menuItemId: 'pagewright-custom-translate', selectionText: 'hi', frameUrl: 'https://frame.test/f' }, tab, settings)?.startsWith(
        'Translate ⟦from https://frame.test: hi⟧',
      ),
    ).toBe(true);
  });
  it('ignores ids that are not ours or no longer exist', () => {
    expect(promptForClick({ menuItemId: 'pagewright-custom-gone' }, tab, settings)).toBeUndefined();
    expect(promptForClick({ menuItemId: 'constructor' }, tab, settings)).toBeUndefined();
    expect(promptForClick({ menuItemId: '__proto__' }, tab, settings)).toBeUndefined();
  });
});

describe('createMenuClickHandler', () => {
  function setup(options: { failOpen?: boolean; failRun?: boolean } = {}) {
    const calls: string[] = [];
    const reported: unknown[] = [];
    const handler = createMenuClickHandler({
      openSidePanel: (target) => {
        calls.push(`open ${JSON.stringify(target)}`);
        return options.failOpen ? Promise.reject(new Error('no gesture')) : Promise.resolve();
      },
      startRun: async (tabId, prompt) => {
        calls.push(`run ${tabId} ${prompt}`);
        if (options.failRun) throw new Error('refused');
      },
      getSettings: async () => {
        calls.push('settings');
        return settings;
      },
      report: (error) => reported.push(error),
    });
    return { handler, calls, reported };
  }
  const tab = { id: 3, windowId: 9, url: 'https://example.com/', title: 'Ex' };

  it('opens the side panel synchronously, inside the gesture, before anything is awaited', () => {
    const { handler, calls } = setup();
    void handler({ menuItemId: MENU_SUMMARIZE_PAGE }, tab);
    expect(calls).toEqual(['open {"tabId":3,"windowId":9}']);
  });

  it('then starts a run in the tab with the filled prompt', async () => {
    const { handler, calls } = setup();
    await handler({ menuItemId: 'pagewright-custom-translate', selectionText: 'bonjour' }, tab);
    expect(calls).toEqual([
      'open {"tabId":3,"windowId":9}',
      'settings',
      'run 3 Translate ⟦from https://example.com: bonjour⟧ from ⟦from https://example.com: Ex⟧ <⟦from https://example.com: https://example.com/⟧> (link: ) {{unknown}}',
    ]);
  });

  it('still starts the run when the panel cannot open, and reports both failures', async () => {
    const { handler, calls, reported } = setup({ failOpen: true, failRun: true });
    await handler({ menuItemId: MENU_ASK_SELECTION, selectionText: 'x' }, tab);
    expect(calls.some((c) => c.startsWith('run 3'))).toBe(true);
    expect(reported.map(String)).toEqual(['Error: no gesture', 'Error: refused']);
  });

  it('ignores other extensions’ items and clicks without a tab', async () => {
    const { handler, calls } = setup();
    await handler({ menuItemId: 'someone-else' }, tab);
    await handler({ menuItemId: MENU_SUMMARIZE_PAGE }, undefined);
    expect(calls).toEqual([]);
  });
});
