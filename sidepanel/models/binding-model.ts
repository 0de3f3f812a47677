/**
 * Which tab the panel works on: `?tab=<id>` pins a tab (tests, the pop-out window); otherwise the active
 * tab of the panel's window, following tab switches.
 */
import { signal } from '@preact/signals';

/** The browser calls the binding needs, injected so the model is testable. */
export interface TabsApi {
  /** The active tab of the panel's own window. */
  activeTabId(): Promise<number | undefined>;
  /** The panel's window id (undefined when unknown: then every activation is followed). */
  windowId(): Promise<number | undefined>;
  /** Subscribes to tab activation; returns an unsubscribe. */
  onActivated(listener: (info: { tabId: number; windowId: number }) => void): () => void;
}

/** Reads `?tab=<id>`; anything but a non-negative integer is ignored. */
export function pinnedTabFromSearch(search: string): number | undefined {
  const raw = new URLSearchParams(search).get('tab');
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** The tab the panel is bound to. */
export class BindingModel {
  readonly tabId = signal<number | undefined>(undefined);
  readonly pinned: boolean;
  private unsubscribe: (() => void) | undefined;

  constructor(pinnedTabId: number | undefined) {
    this.pinned = pinnedTabId !== undefined;
    if (pinnedTabId !== undefined) this.tabId.value = pinnedTabId;
  }

  /** Starts following the active tab unless pinned. */
  async start(tabs: TabsApi): Promise<void> {
    if (this.pinned) return;
    const windowId = await tabs.windowId();
    this.unsubscribe = tabs.onActivated((info) => {
      if (windowId === undefined || info.windowId === windowId) this.tabId.value = info.tabId;
    });
    const active = await tabs.activeTabId();
    if (active !== undefined && this.tabId.value === undefined) this.tabId.value = active;
  }

  stop(): void {
    this.unsubscribe?.();
  }
}
