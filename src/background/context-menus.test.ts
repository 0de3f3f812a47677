import { describe, expect, it } from 'vitest';
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
  customActions: [
    {
      id: 'translate',
      title: 'Translate to French',
      prompt: 'Translate {{ selection }} from {{title}} <{{url}}> (link: {{link}}) {{unknown}}',
      contexts: ['selection' as const],
    },
  ],
};

describe('fillTemplate', () => {
  it('fills the four names, tolerates spaces in braces, leaves unknown names alone', () => {
    expect(fillTemplate('{{selection}}|{{ url }}|{{title}}|{{link}}|{{other}}', { selection: 's', url: 'u', title: 't', link: 'l' })).toBe('s|u|t|l|{{other}}');
  });
  it('fills missing values with empty strings and does not re-expand filled text', () => {
    expect(fillTemplate('[{{link}}] {{selection}}', { selection: '{{url}}', url: 'https://x' })).toBe('[] {{url}}');
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
  it('fills a custom action', () => {
    expect(promptForClick({ menuItemId: 'pagewright-custom-translate', selectionText: 'hello', linkUrl: 'https://l' }, tab, settings)).toBe(
      'Translate hello from Example <https://example.com/a> (link: https://l) {{unknown}}',
    );
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
    expect(calls).toEqual(['open {"tabId":3,"windowId":9}', 'settings', 'run 3 Translate bonjour from Ex <https://example.com/> (link: ) {{unknown}}']);
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
