/// <reference types="vite/client" />
/**
 * A measuring hook for `bench/input.bench.ts`, present only in a bench build (`vite build --mode bench`):
 * `globalThis.__pagewrightBench.input(tabId)` times the same acts through trusted input (the DevTools
 * Protocol: locate in the page, then the browser's own events) and through synthetic events (one
 * content-script command), interleaved in rounds so both see the same machine load. In any other build
 * mode it returns at once, so the normal dist/ exposes nothing.
 */
import type { BrowserBridge } from '../runtime/browser.js';
import { createMemoryResultStore } from '../runtime/budget.js';
import { createRootContext } from '../runtime/context.js';
import { sendPageCommand } from '../tools/page/page-call.js';
import { trustedClick, trustedType } from '../tools/page/trusted.js';
import { countingBridge, type HopTally } from './hop-count.js';

/** Milliseconds per act (medians over rounds) for each path, and the ratios trusted / synthetic. */
export interface InputFigures {
  acts: number;
  rounds: number;
  click: { trustedMs: number; syntheticMs: number; ratio: number };
  type20: { trustedMs: number; syntheticMs: number; ratio: number };
  attachMs: number;
}

/** Milliseconds per trusted act (medians over rounds) with and without the re-checks where it lands, and their ratio. */
export interface RecheckFigures {
  acts: number;
  rounds: number;
  click: { checkedMs: number; uncheckedMs: number; ratio: number };
  type20: { checkedMs: number; uncheckedMs: number; ratio: number };
  /** Round trips per act (content-script messages and protocol commands) and the milliseconds spent in each kind. */
  hops: { click: HopTally; clickUnchecked: HopTally; type20: HopTally; type20Unchecked: HopTally };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Installs `__pagewrightBench.input` in a bench build; a no-op otherwise. */
export function installInputBenchHook(bridge: BrowserBridge): void {
  const mode = typeof import.meta.env === 'object' ? import.meta.env.MODE : undefined;
  if (mode !== 'bench' || !bridge.input) return;
  const input = bridge.input;
  const run = async (tabId: number, acts = 30, rounds = 5): Promise<InputFigures> => {
    const context = createRootContext({
      agentId: 'bench-input',
      resultStore: createMemoryResultStore(),
      permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
      currentTabId: tabId,
      tools: [],
      browser: bridge,
    });
    const started = performance.now();
    const channel = await input.acquire(tabId, context.agentId);
    const attachMs = performance.now() - started;
    if (!channel.trusted) throw new Error(`no trusted input: ${channel.reason}`);
    try {
      const snapshot = await sendPageCommand(context, tabId, { type: 'snapshot', filter: 'interactive', refPrefix: '' });
      const refOf = (needle: string) => /\[ref=(e\d+)\]/.exec(snapshot.text.split('\n').find((line) => line.includes(needle)) ?? '')?.[1] ?? '';
      const button = { tabId, frameId: 0, ref: refOf('button "Count"'), documentId: snapshot.documentId };
      const field = { tabId, frameId: 0, ref: refOf('textbox "Text"'), documentId: snapshot.documentId };
      const text = 'the quick brown fox!';
      const acts20 = {
        trustedClick: () => trustedClick(context, button, { button: 'left', clickCount: 1, modifiers: [] }),
        syntheticClick: () =>
          sendPageCommand(context, tabId, { type: 'click', ref: button.ref, documentId: button.documentId, button: 'left', clickCount: 1, modifiers: [] }),
        trustedType: () => trustedType(context, field, text, { clear: true, submit: false, stopped: () => false }),
        syntheticType: () => sendPageCommand(context, tabId, { type: 'type', ref: field.ref, documentId: field.documentId, text, clear: true, submit: false }),
      };
      const time = async (act: () => Promise<unknown>, count: number) => {
        const start = performance.now();
        for (let i = 0; i < count; i++) await act();
        return (performance.now() - start) / count;
      };
      for (const act of Object.values(acts20)) await time(act, 3); // warm up both paths
      const samples = { trustedClick: [] as number[], syntheticClick: [] as number[], trustedType: [] as number[], syntheticType: [] as number[] };
      for (let round = 0; round < rounds; round++) {
        samples.syntheticClick.push(await time(acts20.syntheticClick, acts));
        samples.trustedClick.push(await time(acts20.trustedClick, acts));
        samples.syntheticType.push(await time(acts20.syntheticType, Math.ceil(acts / 3)));
        samples.trustedType.push(await time(acts20.trustedType, Math.ceil(acts / 3)));
      }
      const pair = (trusted: number[], synthetic: number[]) => ({
        trustedMs: median(trusted),
        syntheticMs: median(synthetic),
        ratio: median(trusted) / median(synthetic),
      });
      return { acts, rounds, click: pair(samples.trustedClick, samples.syntheticClick), type20: pair(samples.trustedType, samples.syntheticType), attachMs };
    } finally {
      await input.release(context.agentId);
    }
  };
  // The same trusted acts with and without the re-checks where they land (bench/recheck.bench.ts).
  const recheck = async (tabId: number, acts = 20, rounds = 5): Promise<RecheckFigures> => {
    const contextOf = (browser: BrowserBridge) =>
      createRootContext({
        agentId: 'bench-recheck',
        resultStore: createMemoryResultStore(),
        permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
        currentTabId: tabId,
        tools: [],
        browser,
      });
    const context = contextOf(bridge);
    const counting = countingBridge(bridge, input);
    const counted = contextOf(counting.bridge);
    const channel = await input.acquire(tabId, context.agentId);
    if (!channel.trusted) throw new Error(`no trusted input: ${channel.reason}`);
    try {
      const snapshot = await sendPageCommand(context, tabId, { type: 'snapshot', filter: 'interactive', refPrefix: '' });
      const refOf = (needle: string) => /\[ref=(e\d+)\]/.exec(snapshot.text.split('\n').find((line) => line.includes(needle)) ?? '')?.[1] ?? '';
      const button = { tabId, frameId: 0, ref: refOf('button "Count"'), documentId: snapshot.documentId };
      const field = { tabId, frameId: 0, ref: refOf('textbox "Text"'), documentId: snapshot.documentId };
      const text = 'the quick brown fox!';
      const click =
        (recheck: boolean, on = context) =>
        () =>
          trustedClick(on, button, { button: 'left', clickCount: 1, modifiers: [], recheck });
      const type =
        (recheck: boolean, on = context) =>
        () =>
          trustedType(on, field, text, { clear: true, submit: false, stopped: () => false, recheck });
      const time = async (act: () => Promise<unknown>, count: number) => {
        const start = performance.now();
        for (let i = 0; i < count; i++) await act();
        return (performance.now() - start) / count;
      };
      for (const act of [click(false), click(true), type(false), type(true)]) await time(act, 3); // warm up
      const samples = { click: [[], []] as number[][], type: [[], []] as number[][] };
      for (let round = 0; round < rounds; round++) {
        samples.click[0]?.push(await time(click(false), acts));
        samples.click[1]?.push(await time(click(true), acts));
        samples.type[0]?.push(await time(type(false), Math.ceil(acts / 4)));
        samples.type[1]?.push(await time(type(true), Math.ceil(acts / 4)));
      }
      const pair = ([without, checked]: number[][]) => ({
        uncheckedMs: median(without ?? []),
        checkedMs: median(checked ?? []),
        ratio: median(checked ?? []) / median(without ?? []),
      });
      // The round trips of each act, counted apart from the timed rounds (counting costs a little).
      const profile = async (act: () => Promise<unknown>, count: number): Promise<HopTally> => {
        counting.reset();
        for (let i = 0; i < count; i++) await act();
        const per = (tally: Record<string, number>) => Object.fromEntries(Object.entries(tally).map(([kind, value]) => [kind, value / count]));
        return { counts: per(counting.tally.counts), ms: per(counting.tally.ms) };
      };
      const hops = {
        click: await profile(click(true, counted), acts),
        clickUnchecked: await profile(click(false, counted), acts),
        type20: await profile(type(true, counted), Math.ceil(acts / 4)),
        type20Unchecked: await profile(type(false, counted), Math.ceil(acts / 4)),
      };
      return { acts, rounds, click: pair(samples.click), type20: pair(samples.type), hops };
    } finally {
      await input.release(context.agentId);
    }
  };
  const global = globalThis as { __pagewrightBench?: Record<string, unknown> };
  global.__pagewrightBench = { ...(global.__pagewrightBench ?? {}), input: run, recheck };
}
