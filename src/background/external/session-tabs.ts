/**
 * The tabs an outside session may use, and its view of the browser. It acts only in tabs it opened
 * (grouped under the client's name, so the person sees them) or that the person shared with it from the
 * panel; `list_tabs` shows it only those, and any other tab id is refused (TAB_NOT_SHARED) at every door
 * a tool could use: page commands, frames, navigation, screenshots, trusted input, dialogs and the
 * developer tools. Closing the group ends its access to all of them.
 */
import type { BrowserBridge } from '../../runtime/browser.js';
import type { DevToolsPort } from '../../runtime/devtools.js';
import { ToolError } from '../../runtime/errors.js';
import type { DragPort, PageInputPort, ScrollOffset } from '../../runtime/page-input.js';

/** Tab groups as this needs them (chrome.tabs.group / chrome.tabGroups; a fake in tests). */
export interface TabGroups {
  /** Puts the tabs in the group (a new one when `groupId` is undefined); resolves with the group's id. */
  group(tabIds: number[], groupId: number | undefined): Promise<number>;
  name(groupId: number, title: string): Promise<void>;
  ungroup(tabIds: number[]): Promise<void>;
}

export interface SessionTabsOptions {
  /** The group's title: the client's name ("Claude Code"). */
  title: string;
  groups?: TabGroups;
  /** The session's conversation moves to the tab it acts on, so that tab's panel shows its prompts. */
  follow(tabId: number): Promise<void>;
  /** The set of tabs changed (the panel lists them). */
  onChange(): void;
}

export class SessionTabs {
  private readonly tabs = new Set<number>();
  private groupId: number | undefined;
  private followed: number | undefined;

  constructor(private readonly options: SessionTabsOptions) {}

  get ids(): number[] {
    return [...this.tabs];
  }

  has(tabId: number): boolean {
    return this.tabs.has(tabId);
  }

  /** The person shares one of their tabs (it joins the group, so they see it is shared). */
  async share(tabId: number): Promise<void> {
    this.tabs.add(tabId);
    await this.addToGroup(tabId);
    this.options.onChange();
  }

  /** The person takes a tab back (it leaves the group). */
  async unshare(tabId: number): Promise<void> {
    if (!this.tabs.delete(tabId)) return;
    await this.options.groups?.ungroup([tabId]).catch(() => undefined);
    this.options.onChange();
  }

  /** A tab closed. */
  forget(tabId: number): void {
    if (this.tabs.delete(tabId)) this.options.onChange();
  }

  /** A tab group closed: when it is the session's, every tab in it is out of reach. */
  groupRemoved(groupId: number): void {
    if (groupId !== this.groupId) return;
    this.groupId = undefined;
    this.tabs.clear();
    this.options.onChange();
  }

  /** Ungroups the session's tabs as it ends (they stay open: they are the person's now). */
  async release(): Promise<void> {
    const tabs = this.ids;
    this.tabs.clear();
    this.groupId = undefined;
    if (tabs.length > 0) await this.options.groups?.ungroup(tabs).catch(() => undefined);
  }

  private async addToGroup(tabId: number): Promise<void> {
    const groups = this.options.groups;
    if (!groups) return;
    try {
      const first = this.groupId === undefined;
      this.groupId = await groups.group([tabId], this.groupId);
      if (first) await groups.name(this.groupId, this.options.title);
    } catch {
      // The group may have been closed meanwhile: start a new one.
      this.groupId = undefined;
      this.groupId = await groups.group([tabId], undefined).catch(() => undefined);
      if (this.groupId !== undefined) await groups.name(this.groupId, this.options.title).catch(() => undefined);
    }
  }

  /** Refuses a tab that is not the session's; moves the conversation to one that is. */
  private async enter(tabId: number): Promise<void> {
    if (!this.tabs.has(tabId)) {
      throw new ToolError('TAB_NOT_SHARED', `Tab ${tabId} is not one of yours: you may use only the tabs you opened and those the person shared with you.`, {
        suggestion: 'Call list_tabs to see your tabs, or open_tab to open a page; ask the person to share a tab of theirs from Pagewright’s panel.',
        details: { tab_id: tabId },
      });
    }
    if (this.followed === tabId) return;
    this.followed = tabId;
    await this.options.follow(tabId).catch(() => undefined);
  }

  /** The session's run's view of the browser; `owner` is the run id (the debugger is released with it). */
  bridge(parent: BrowserBridge, owner: string): BrowserBridge {
    const on = async <T>(tabId: number, act: () => Promise<T>): Promise<T> => {
      await this.enter(tabId);
      return act();
    };
    const scoped: BrowserBridge = Object.create(parent);
    scoped.sendToTab = (tabId, message, options) => on(tabId, () => parent.sendToTab(tabId, message, options));
    scoped.listFrames = (tabId) => on(tabId, () => parent.listFrames(tabId));
    if (parent.frameTree) scoped.frameTree = (tabId, signal) => on(tabId, () => parent.frameTree!(tabId, signal));
    scoped.getTab = (tabId) => on(tabId, () => parent.getTab(tabId));
    scoped.listTabs = async () => (await parent.listTabs(undefined)).filter((tab) => this.tabs.has(tab.id));
    scoped.activateTab = (tabId) => on(tabId, () => parent.activateTab(tabId));
    scoped.navigate = (tabId, target, signal, onProgress) => on(tabId, () => parent.navigate(tabId, target, signal, onProgress));
    scoped.captureVisibleTab = (tabId, options, region) => on(tabId, () => parent.captureVisibleTab(tabId, options, region));
    if (parent.guardLanding) scoped.guardLanding = (tabId, allowed) => on(tabId, () => parent.guardLanding!(tabId, allowed));
    scoped.closeTab = (tabId) =>
      on(tabId, async () => {
        await parent.closeTab(tabId);
        this.forget(tabId);
      });
    scoped.openTab = async (url, options) => {
      const tab = await parent.openTab(url, options);
      this.tabs.add(tab.id);
      await this.addToGroup(tab.id);
      // Attached before its page loads, so the console and network of the page's load are captured.
      await parent.input?.acquire(tab.id, owner).catch(() => undefined);
      this.options.onChange();
      await this.enter(tab.id);
      return tab;
    };
    if (parent.input) Object.defineProperty(scoped, 'input', { value: this.scopedInput(parent.input) });
    if (parent.devtools) Object.defineProperty(scoped, 'devtools', { value: this.scopedDevTools(parent.devtools) });
    return scoped;
  }

  private scopedInput(input: PageInputPort): PageInputPort {
    const guard = <A extends unknown[], R>(act: (tabId: number, ...rest: A) => Promise<R>) => {
      return async (tabId: number, ...rest: A): Promise<R> => {
        await this.enter(tabId);
        return act(tabId, ...rest);
      };
    };
    return {
      acquire: guard((tabId, owner: string) => input.acquire(tabId, owner)),
      mouse: guard((tabId, steps: Parameters<PageInputPort['mouse']>[1]) => input.mouse(tabId, steps)),
      keys: guard((tabId, steps: Parameters<PageInputPort['keys']>[1]) => input.keys(tabId, steps)),
      insertText: guard((tabId, text: string) => input.insertText(tabId, text)),
      hitTest: guard((tabId, x: number, y: number, describe: boolean, scroll?: ScrollOffset) => input.hitTest(tabId, x, y, describe, scroll)),
      answerDialog: guard((tabId, accept: boolean, promptText?: string) => input.answerDialog(tabId, accept, promptText)),
      release: (owner) => input.release(owner),
      // Synchronous reads: a tab not in the session has no dialog and no watch of its.
      openDialog: (tabId) => (this.tabs.has(tabId) ? input.openDialog(tabId) : undefined),
      watch: (tabId) => input.watch(tabId),
      ...(input.drags ? { drags: this.scopedDrags(input.drags) } : {}),
      ...(input.requests ? { requests: input.requests } : {}),
    };
  }

  private scopedDrags(drags: DragPort): DragPort {
    return {
      intercept: async (tabId, enabled) => (await this.enter(tabId), drags.intercept(tabId, enabled)),
      intercepted: (tabId) => (this.tabs.has(tabId) ? drags.intercepted(tabId) : undefined),
      dispatch: async (tabId, type, x, y, data) => (await this.enter(tabId), drags.dispatch(tabId, type, x, y, data)),
    };
  }

  private scopedDevTools(devtools: DevToolsPort): DevToolsPort {
    return {
      console: async (tabId, owner) => (await this.enter(tabId), devtools.console(tabId, owner)),
      network: async (tabId, owner) => (await this.enter(tabId), devtools.network(tabId, owner)),
      request: async (tabId, owner, id, options) => (await this.enter(tabId), devtools.request(tabId, owner, id, options)),
      evaluate: async (tabId, owner, expression, options) => (await this.enter(tabId), devtools.evaluate(tabId, owner, expression, options)),
    };
  }
}
