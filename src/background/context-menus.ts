/**
 * Context menus: "Ask Pagewright about the selection", "Summarize this page", about a link or an image, and the person's
 * shortcuts from settings (prompt templates with {{selection}}, {{url}}, {{title}}, {{link}}). A click
 * opens the side panel (a user gesture, so it must be the first, synchronous call) and starts a run in
 * the tab's conversation. The handler takes its effects as arguments so it is unit-tested in Node.
 */
import { quotePageData } from '../runtime/ledger-quote.js';
import type { Settings } from '../shared/settings.js';

/** The values a template can use; missing ones become empty strings. */
export interface TemplateValues {
  selection?: string;
  url?: string;
  title?: string;
  link?: string;
}

/**
 * A page-derived value as it may appear inside the person's own message (the one trusted channel).
 * Must stay: the page chooses its title, link targets and what a selection contains, so a title, URL or
 * link is one bounded line (it cannot open a new paragraph of "instructions" or a fake turn), a title
 * cannot close the quotes around it, and a selection cannot close its """ quote block.
 */
export function pageValueAsData(name: keyof TemplateValues, value: string): string {
  if (name === 'selection') return value.slice(0, 20_000).replace(/"{3,}/g, (quotes) => quotes.split('').join(' '));
  const line = value.replace(/\s+/g, ' ').trim().slice(0, 500);
  return name === 'title' ? line.replace(/["“”]/g, "'") : line;
}

/** Where the quoted values come from: the page's origin, and the frame's for a selection made inside a frame. */
export interface TemplateOrigins {
  page?: string | undefined;
  selection?: string | undefined;
}

/**
 * Fills {{selection}}, {{url}}, {{title}}, {{link}} (spaces inside braces allowed); unknown names are left
 * as they are. Each value is marked as the page's (`⟦from <origin>: …⟧`): it sits in the person's message,
 * but the data ledger must count it as read on that page — else a selection on a bank page could be typed
 * into any site as if the person had written it.
 */
export function fillTemplate(template: string, values: TemplateValues, origins: TemplateOrigins = {}): string {
  return template.replace(/\{\{\s*(selection|url|title|link)\s*\}\}/g, (_match, name: keyof TemplateValues) => {
    const value = pageValueAsData(name, values[name] ?? '');
    return value ? quotePageData(name === 'selection' ? (origins.selection ?? origins.page) : origins.page, value) : '';
  });
}

/** The origin of a page's address, as its quoted values name it (undefined for none or an opaque one). */
export const originOfUrl = (url: string | undefined) => {
  try {
    const origin = url ? new URL(url).origin : undefined;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
};

export const MENU_ASK_SELECTION = 'pagewright-ask-selection';
export const MENU_SUMMARIZE_PAGE = 'pagewright-summarize-page';
export const MENU_ASK_LINK = 'pagewright-ask-link';
export const MENU_ASK_IMAGE = 'pagewright-ask-image';
const CUSTOM_PREFIX = 'pagewright-custom-';

export type MenuContext = 'selection' | 'page' | 'link' | 'image';

/** One menu entry to create. */
export interface MenuItem {
  id: string;
  title: string;
  contexts: MenuContext[];
}

/** The built-in prompts. The selection is quoted as data: it comes from the page. */
export const BUILT_IN_PROMPTS: Record<string, string> = {
  [MENU_ASK_SELECTION]: 'Explain this text from the page “{{title}}” ({{url}}), quoted below as data:\n\n"""\n{{selection}}\n"""',
  [MENU_SUMMARIZE_PAGE]: 'Summarize this page ({{url}}) in a few bullet points.',
  [MENU_ASK_LINK]: 'What is behind this link on the page “{{title}}”: {{link}}? Tell me before I open it.',
  [MENU_ASK_IMAGE]: 'Describe the image {{link}} on this page ({{url}}); take a screenshot if you need to see it.',
};

/** Every menu entry for the given settings: the built-ins, then the person's shortcuts that name a menu context. */
export function menuItems(settings: Pick<Settings, 'shortcuts'> | undefined): MenuItem[] {
  const items: MenuItem[] = [
    { id: MENU_ASK_SELECTION, title: 'Ask Pagewright about the selection', contexts: ['selection'] },
    { id: MENU_SUMMARIZE_PAGE, title: 'Summarize this page', contexts: ['page'] },
    { id: MENU_ASK_LINK, title: 'Ask Pagewright about this link', contexts: ['link'] },
    { id: MENU_ASK_IMAGE, title: 'Ask Pagewright about this image', contexts: ['image'] },
  ];
  for (const shortcut of settings?.shortcuts ?? [])
    if (shortcut.contexts.length > 0)
      items.push({ id: `${CUSTOM_PREFIX}${shortcut.id}`, title: shortcut.title || `/${shortcut.name}`, contexts: [...shortcut.contexts] });
  return items;
}

/** What a click reports (the parts of `contextMenus.OnClickData` and `tabs.Tab` used). */
export interface MenuClick {
  menuItemId: string | number;
  selectionText?: string;
  linkUrl?: string;
  srcUrl?: string;
  pageUrl?: string;
  /** The frame the click was in, when not the top one (a selection inside an iframe is that frame's text). */
  frameUrl?: string;
}
export interface MenuTab {
  id?: number;
  windowId?: number;
  url?: string;
  title?: string;
}

export interface MenuHandlerDeps {
  /** Opens the side panel; called synchronously first (the user gesture expires at the first await). */
  openSidePanel(target: { tabId?: number; windowId?: number }): Promise<void>;
  /** Starts a run in the tab's conversation. */
  startRun(tabId: number, prompt: string): Promise<unknown>;
  /** The current settings (for the person's shortcuts); undefined when they are invalid. */
  getSettings(): Promise<Pick<Settings, 'shortcuts'> | undefined>;
  /** Problems go here (the panel shows run refusals itself). */
  report?(error: unknown): void;
}

/** The prompt for a click, or undefined for a menu item that is not ours (or no longer exists). */
export function promptForClick(click: MenuClick, tab: MenuTab | undefined, settings: Pick<Settings, 'shortcuts'> | undefined): string | undefined {
  const id = String(click.menuItemId);
  const values: TemplateValues = {
    selection: click.selectionText ?? '',
    url: click.pageUrl ?? tab?.url ?? '',
    title: tab?.title ?? '',
    link: click.linkUrl ?? click.srcUrl ?? '',
  };
  const page = originOfUrl(values.url);
  const origins = { page, selection: originOfUrl(click.frameUrl) ?? page };
  const builtIn = Object.hasOwn(BUILT_IN_PROMPTS, id) ? BUILT_IN_PROMPTS[id] : undefined;
  if (builtIn !== undefined) return fillTemplate(builtIn, values, origins);
  if (!id.startsWith(CUSTOM_PREFIX)) return undefined;
  const shortcut = settings?.shortcuts.find((a) => `${CUSTOM_PREFIX}${a.id}` === id);
  return shortcut ? fillTemplate(shortcut.prompt, values, origins) : undefined;
}

/** The `contextMenus.onClicked` listener. Returns a promise for tests; Chrome ignores it. */
export function createMenuClickHandler(deps: MenuHandlerDeps) {
  return (click: MenuClick, tab: MenuTab | undefined): Promise<void> => {
    const id = String(click.menuItemId);
    if (!id.startsWith('pagewright-')) return Promise.resolve();
    // First and synchronous: sidePanel.open is only allowed inside the click's user gesture.
    const opened =
      tab?.id !== undefined
        ? deps.openSidePanel({ tabId: tab.id, ...(tab.windowId !== undefined ? { windowId: tab.windowId } : {}) })
        : tab?.windowId !== undefined
          ? deps.openSidePanel({ windowId: tab.windowId })
          : Promise.resolve();
    return (async () => {
      await opened.catch((error: unknown) => deps.report?.(error));
      if (tab?.id === undefined) return;
      const prompt = promptForClick(click, tab, await deps.getSettings());
      if (prompt === undefined || prompt.trim() === '') return;
      try {
        await deps.startRun(tab.id, prompt);
      } catch (error) {
        deps.report?.(error);
      }
    })();
  };
}
