/// <reference types="vite/client" />
/**
 * A measuring hook for `bench/dispatch.bench.ts`, present only in a bench build (`vite build --mode bench`):
 * `globalThis.__pagewrightBench.dispatch(tabId, calls)` times a trivial page tool through the real
 * executor and bridge (service worker → content script → back) against a bare `tabs.sendMessage` ping
 * to the same content script, interleaved in rounds so both see the same machine load.
 *
 * src/background/index.ts calls `installBenchHook(bridge)` once it has the BrowserBridge; in any other build
 * mode this function returns at once, so the normal dist/ exposes nothing.
 */
import { z } from 'zod';
import type { BrowserBridge } from '../runtime/browser.js';
import { createMemoryResultStore } from '../runtime/budget.js';
import { createRootContext, type ToolUseContext } from '../runtime/context.js';
import { executeToolCall } from '../runtime/execute.js';
import { buildTool, type CanUseTool } from '../runtime/tool.js';
import { pageEnvelope, parsePageReply } from '../shared/protocol/page.js';
import { sendPageCommand, targetTab } from '../tools/page/page-call.js';

/** What one dispatch measurement returns (milliseconds per call, medians over rounds). */
export interface DispatchFigures {
  calls: number;
  rounds: number;
  bareMsPerCall: number;
  toolMsPerCall: number;
  ratio: number;
}

/** A page tool as small as one can be: asks the content script for its document id. */
const pagePing = buildTool({
  name: 'page_ping',
  searchHint: 'bench only trivial content script round trip',
  inputSchema: z.strictObject({ tab_id: z.number().int().min(0).optional().describe('The tab; default the run’s current tab.') }),
  prompt: 'Bench only: returns the page’s document id, URL and title.',
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  async call(input, context) {
    // The same round trip as every page tool's (sendPageCommand), so the ratio measures theirs.
    return { data: await sendPageCommand(context, targetTab(input, context), { type: 'ping' }) };
  },
});

const allow: CanUseTool = async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: 'bench' } });

function benchContext(bridge: BrowserBridge, tabId: number): ToolUseContext {
  return createRootContext({
    agentId: 'bench',
    resultStore: createMemoryResultStore(),
    permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
    currentTabId: tabId,
    tools: [pagePing],
    browser: bridge,
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Installs `globalThis.__pagewrightBench` in a bench build; a no-op otherwise. */
export function installBenchHook(bridge: BrowserBridge): void {
  // Vite replaces `import.meta.env` at build time; under Node (tsx, vitest without Vite's env) it may be absent.
  const mode = typeof import.meta.env === 'object' ? import.meta.env.MODE : undefined;
  if (mode !== 'bench') return;
  const dispatch = async (tabId: number, calls = 200, rounds = 7): Promise<DispatchFigures> => {
    const context = benchContext(bridge, tabId);
    let id = 0;
    const viaTool = async () => {
      const outcome = await executeToolCall({ type: 'tool_use', id: `bench_${id++}`, name: 'page_ping', input: {} }, context, { canUseTool: allow });
      if (outcome.isError) throw new Error(`page_ping failed: ${JSON.stringify(outcome.error)}`);
    };
    const bare = async () => {
      const reply = (await chrome.tabs.sendMessage(tabId, pageEnvelope({ type: 'ping' }))) as unknown;
      if (!parsePageReply('ping', reply).ok) throw new Error('bare ping failed');
    };
    // Warm up: the first tool call injects the content script; both paths get JIT-warm.
    for (let i = 0; i < 20; i++) await viaTool();
    for (let i = 0; i < 20; i++) await bare();
    const bareTimes: number[] = [];
    const toolTimes: number[] = [];
    for (let round = 0; round < rounds; round++) {
      let start = performance.now();
      for (let i = 0; i < calls; i++) await bare();
      bareTimes.push((performance.now() - start) / calls);
      start = performance.now();
      for (let i = 0; i < calls; i++) await viaTool();
      toolTimes.push((performance.now() - start) / calls);
    }
    const bareMsPerCall = median(bareTimes);
    const toolMsPerCall = median(toolTimes);
    return { calls, rounds, bareMsPerCall, toolMsPerCall, ratio: toolMsPerCall / bareMsPerCall };
  };
  (globalThis as { __pagewrightBench?: unknown }).__pagewrightBench = { dispatch };
}
