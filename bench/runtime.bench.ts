/**
 * Runtime core figures, each against a reference measured in the same run (these machines are shared
 * and noisy, so read the ratios):
 *   1. executor overhead: one call through `executeToolCall` (find, lenient parse, validate, permission,
 *      call, map, budget) against calling the same function bare;
 *   2. a batch of 10 concurrency-safe tools that each wait 50 ms, through the turn's executor the loop uses
 *      (`StreamingToolExecutor`, handed the whole message), against the ideal 50 ms and against a bare
 *      `Promise.all` of the same ten waits;
 *   3. persisting and previewing a 1 MB result in IndexedDB, against the same with an in-memory store.
 *      In Node, IndexedDB is fake-indexeddb (an in-memory implementation), so this measures our code
 *      plus idb's wrapper, not a browser's disk.
 * Run: `npx tsx bench/runtime.bench.ts` (or `npm run bench -- runtime`).
 */
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { createMemoryResultStore, persistOversizedResult, readStoredResult } from '../src/runtime/budget.js';
import { openDatabase } from '../src/storage/database.js';
import { createIdbResultStore } from '../src/storage/results.js';
import type { ResultStore } from '../src/runtime/budget-types.js';
import { executeToolCall } from '../src/runtime/execute.js';
import { StreamingToolExecutor } from '../src/runtime/streaming-executor.js';
import { buildTool, type CanUseTool } from '../src/runtime/tool.js';
import { createTestContext } from '../tests/support/tool-context.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const allow: CanUseTool = async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: 'bench' } });
const fmtUs = (ms: number) => `${(ms * 1000).toFixed(2)} µs`;

// --- 1. executor overhead -------------------------------------------------------------------------
async function executorOverhead() {
  const body = async (input: { a: number; b: number }) => ({ data: input.a + input.b });
  const adder = buildTool({
    name: 'add',
    inputSchema: z.object({ a: z.number().describe('first'), b: z.number().describe('second') }),
    prompt: 'Adds two numbers.',
    isReadOnly: () => true,
    call: body,
  });
  const context = createTestContext([adder]);
  const calls = 5_000;
  const rounds = 7;
  const bare: number[] = [];
  const executed: number[] = [];
  let sink = 0;
  for (let round = 0; round < rounds; round++) {
    let start = performance.now();
    for (let i = 0; i < calls; i++) sink += (await body({ a: i, b: 1 })).data;
    bare.push((performance.now() - start) / calls);
    start = performance.now();
    for (let i = 0; i < calls; i++) {
      const outcome = await executeToolCall({ type: 'tool_use', id: `t${round}_${i}`, name: 'add', input: { a: i, b: 1 } }, context, { canUseTool: allow });
      sink += outcome.isError ? 0 : 1;
    }
    executed.push((performance.now() - start) / calls);
  }
  const b = median(bare);
  const e = median(executed);
  console.log(`executor overhead: ${calls} calls × ${rounds} rounds, medians per call`);
  console.log(`  bare function call      ${fmtUs(b)}`);
  console.log(`  through executeToolCall ${fmtUs(e)}   (overhead ${fmtUs(e - b)} per call; ratio ${(e / b).toFixed(1)}×)`);
  console.log('  (the reference is an almost empty async function, so the ratio is large by construction; compare the');
  console.log('   absolute overhead with a page tool round trip, which bench/dispatch.bench.ts measures in milliseconds)');
  if (sink < 0) console.log(sink); // keeps the loops from being optimised away
}

// --- 2. ten concurrency-safe 50 ms tools ----------------------------------------------------------
async function parallelBatch() {
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const waiter = buildTool({
    name: 'wait50',
    inputSchema: z.object({}),
    prompt: 'Waits 50 ms.',
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    call: async () => (await wait(50), { data: 'done' }),
  });
  const rounds = 9;
  const batch: number[] = [];
  const bare: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const uses = Array.from({ length: 10 }, (_, i) => ({ type: 'tool_use' as const, id: `w${round}_${i}`, name: 'wait50', input: {} }));
    let start = performance.now();
    await new StreamingToolExecutor(createTestContext([waiter]), { canUseTool: allow, emit: () => undefined }).finish(uses);
    batch.push(performance.now() - start);
    start = performance.now();
    await Promise.all(Array.from({ length: 10 }, () => wait(50)));
    bare.push(performance.now() - start);
  }
  const m = median(batch);
  const r = median(bare);
  console.log(`10 concurrency-safe tools waiting 50 ms each, ${rounds} rounds, medians`);
  console.log(`  StreamingToolExecutor   ${m.toFixed(1)} ms   ratio to ideal 50 ms: ${(m / 50).toFixed(2)}×   (serial would be 10×)`);
  console.log(`  bare Promise.all        ${r.toFixed(1)} ms   ratio to ideal 50 ms: ${(r / 50).toFixed(2)}×   (executor / bare: ${(m / r).toFixed(2)}×)`);
}

// --- 3. persisting and previewing a 1 MB result ---------------------------------------------------
async function persistLarge() {
  const line = `${'lorem ipsum dolor sit amet '.repeat(3)}\n`;
  const full = line.repeat(Math.ceil(1_048_576 / line.length)).slice(0, 1_048_576);
  const rounds = 15;
  const measure = async (store: ResultStore) => {
    const times: number[] = [];
    let previewChars = 0;
    for (let round = 0; round < rounds; round++) {
      const start = performance.now();
      const decision = await persistOversizedResult(
        { toolUseId: `big_${round}`, toolName: 'get_page_text', content: [{ type: 'text', text: full }] },
        store,
        'Too long',
      );
      times.push(performance.now() - start);
      previewChars = decision.content[0]?.type === 'text' ? decision.content[0].text.length : 0;
    }
    const readStart = performance.now();
    const page = await readStoredResult(store, 'result_big_0', 500_000, 20_000);
    return { persist: median(times), read: performance.now() - readStart, previewChars, pageChars: page.content.length };
  };
  const memory = await measure(createMemoryResultStore());
  const idb = await measure(createIdbResultStore(openDatabase(`bench-${Date.now()}`)));
  console.log(`persist + preview a 1 MB (${full.length.toLocaleString('en-US')} chars) result, ${rounds} rounds, medians`);
  console.log(`  in-memory store         ${memory.persist.toFixed(2)} ms   (preview sent to the model: ${memory.previewChars} chars)`);
  console.log(`  IndexedDB (fake-indexeddb in Node) ${idb.persist.toFixed(2)} ms   ratio to in-memory: ${(idb.persist / memory.persist).toFixed(1)}×`);
  console.log(`  read_result page of ${idb.pageChars} chars from IndexedDB: ${idb.read.toFixed(2)} ms`);
}

await executorOverhead();
await parallelBatch();
await persistLarge();
