/**
 * Counting the round trips an act makes, for the recheck bench (src/background/input-bench-hook.ts): each
 * content-script message (`chrome.tabs.sendMessage`) and each DevTools Protocol command
 * (`chrome.debugger.sendCommand`) is a hop. The bridge it returns counts them and the time spent in each
 * kind (calls that overlap are each counted whole, so the times can add up to more than the act took).
 */
import { decorateBridge, type BrowserBridge } from '../runtime/browser.js';
import type { PageInputPort } from '../runtime/page-input.js';

/** Hops by kind: `msg:<command type>` for content-script messages, `cdp:<port method>` for protocol commands. */
export interface HopTally {
  counts: Record<string, number>;
  ms: Record<string, number>;
}

/** The CDP commands one port call sends: one per pointer or key step, two for a hit test (three when it describes the node). */
function cdpCommands(method: string, args: unknown[]): number {
  if (method === 'mouse' || method === 'keys') return Array.isArray(args[1]) ? args[1].length : 1;
  if (method === 'hitTest') return args[3] === true ? 3 : 2;
  return 1;
}

/** The bridge with every hop counted into the tally `reset()` empties. */
export function countingBridge(bridge: BrowserBridge, input: PageInputPort): { bridge: BrowserBridge; tally: HopTally; reset(): void } {
  const tally: HopTally = { counts: {}, ms: {} };
  const add = (kind: string, count: number, ms: number) => {
    tally.counts[kind] = (tally.counts[kind] ?? 0) + count;
    tally.ms[kind] = (tally.ms[kind] ?? 0) + ms;
  };
  const timed = async <T>(kind: string, count: number, call: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await call();
    } finally {
      add(kind, count, performance.now() - start);
    }
  };
  const port: PageInputPort = { ...input };
  for (const method of ['mouse', 'keys', 'insertText', 'hitTest'] as const) {
    const original = input[method] as (...args: unknown[]) => Promise<unknown>;
    (port as unknown as Record<string, unknown>)[method] = (...args: unknown[]) =>
      timed(`cdp:${method}`, cdpCommands(method, args), () => original.apply(input, args));
  }
  const counted = decorateBridge(bridge, {
    input: port,
    sendToTab: (tabId, message, options) => {
      const type = (message as { command?: { type?: string } }).command?.type ?? 'other';
      return timed(`msg:${type}`, 1, () => bridge.sendToTab(tabId, message, options));
    },
  });
  return {
    bridge: counted,
    tally,
    reset: () => {
      tally.counts = {};
      tally.ms = {};
    },
  };
}
