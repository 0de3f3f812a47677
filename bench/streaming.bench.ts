/**
 * Streaming tool execution, against the same runs with it turned off, in one process:
 *   1. time saved on a slow stream: the mock model server streams, over real HTTP in Anthropic's SSE format
 *      to the real Anthropic client and loop, a read-only call (the tool takes TOOL_MS) followed by about
 *      a second more of text. With streaming the call runs while the text streams; the ideal saving is
 *      the smaller of the tool's time and the stream time left after its block completed. Printed: the
 *      saving and its ratio to the ideal, medians over rounds.
 *   2. the executor's overhead: runs of one turn of 10 instant concurrency-safe calls, and of 10
 *      instant other calls, through the real loop with the scripted client (no network, no waiting),
 *      streaming on vs off, alternating: time per run and the ratio.
 * Run: `npx tsx bench/streaming.bench.ts` (or `npm run bench -- streaming`).
 */
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { createMemoryResultStore } from '../src/runtime/budget.js';
import { createRootContext } from '../src/runtime/context.js';
import { runAgent } from '../src/runtime/loop.js';
import { createAnthropicClient } from '../src/runtime/model/anthropic.js';
import { createScriptedClient, type ScriptedStep } from '../src/runtime/model/scripted.js';
import type { ModelClient } from '../src/runtime/model/types.js';
import { buildTool, type CanUseTool, type Tools } from '../src/runtime/tool.js';
import { startMockModelServer } from '../tests/support/mock-model-server.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const allow: CanUseTool = async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: 'bench' } });
const TOOL_MS = 400;

function context(tools: Tools) {
  return createRootContext({
    agentId: 'bench',
    resultStore: createMemoryResultStore(),
    permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
    tools,
  });
}

/** One run; returns its wall time and, when streaming, the stream time left after the call started. */
async function timedRun(model: ModelClient, tools: Tools, streaming: boolean) {
  let started = 0;
  let messageEnded = 0;
  const t0 = performance.now();
  await runAgent({
    runId: 'bench',
    model,
    system: 'Bench.',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Go.' }] }],
    context: context(tools),
    canUseTool: allow,
    streamingToolExecution: streaming,
    onEvent: (event) => {
      if (event.type === 'tool_call_started' && started === 0) started = performance.now();
      if (event.type === 'assistant_message' && messageEnded === 0) messageEnded = performance.now();
    },
  });
  return { total: performance.now() - t0, leftAfterStart: messageEnded - started };
}

// --- 1. time saved on a slow stream ----------------------------------------------------------------
async function slowStream() {
  const server = await startMockModelServer();
  const read = buildTool({
    name: 'read_page',
    prompt: 'Reads the page (bench stand-in that takes a fixed time).',
    inputSchema: z.object({}),
    isConcurrencySafe: () => true,
    isReadOnly: () => true,
    call: async () => (await new Promise((resolve) => setTimeout(resolve, TOOL_MS)), { data: 'page' }),
  });
  const model = createAnthropicClient({ apiKey: 'bench', baseUrl: server.url, model: 'bench' });
  // About 1 s of text after the call: 24 pieces of 12 characters, two writes each, 20 ms apart.
  const trailingText = 'The page is loading, and meanwhile I will explain what I am going to do next. '.repeat(4).slice(0, 288);
  const rounds = 7;
  const on: number[] = [];
  const off: number[] = [];
  const left: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const streaming of [true, false]) {
      server.enqueue({ toolCalls: [{ name: 'read_page', input: {} }], trailingText, trailingDelayMs: 20 }, { text: 'Done.' });
      const run = await timedRun(model, [read], streaming);
      (streaming ? on : off).push(run.total);
      if (streaming) left.push(run.leftAfterStart);
    }
  }
  await server.close();
  const saved = median(off) - median(on);
  const ideal = Math.min(TOOL_MS, median(left));
  console.log(`a read-only call (${TOOL_MS} ms) followed by ~1 s more streaming, real HTTP + Anthropic client, ${rounds} rounds, medians`);
  console.log(`  streaming off            ${median(off).toFixed(0)} ms per run`);
  console.log(`  streaming on             ${median(on).toFixed(0)} ms per run   (on / off: ${(median(on) / median(off)).toFixed(2)}×)`);
  console.log(`  stream left after the call started: ${median(left).toFixed(0)} ms; ideal saving min(tool, that) = ${ideal.toFixed(0)} ms`);
  console.log(`  saved                    ${saved.toFixed(0)} ms   = ${(saved / ideal).toFixed(2)}× the ideal`);
}

// --- 2. the executor's overhead --------------------------------------------------------------------
async function overhead() {
  const instant = (name: string, safe: boolean) =>
    buildTool({
      name,
      prompt: 'Answers at once.',
      inputSchema: z.object({ n: z.number().describe('n') }),
      isConcurrencySafe: () => safe,
      isReadOnly: () => safe,
      call: async (input) => ({ data: input.n }),
    });
  const tools = [instant('safe', true), instant('other', false)];
  const runs = 300;
  const rounds = 7;
  for (const name of ['safe', 'other']) {
    // Each run: one turn of 10 calls, then the model's answer; short transcripts, so the loop's own work is what counts.
    const steps = (): ScriptedStep[] => [{ toolCalls: Array.from({ length: 10 }, (_, i) => ({ id: `t${i}`, name, input: { n: i } })) }, { text: 'Done.' }];
    const on: number[] = [];
    const off: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const streaming of round % 2 === 0 ? [true, false] : [false, true]) {
        const start = performance.now();
        for (let run = 0; run < runs; run++) await timedRun(createScriptedClient(steps()), tools, streaming);
        (streaming ? on : off).push((performance.now() - start) / runs);
      }
    }
    const a = median(on);
    const b = median(off);
    console.log(
      `executor overhead: ${runs} runs of one turn of 10 instant ${name === 'safe' ? 'concurrency-safe' : 'not concurrency-safe'} calls through the loop, ${rounds} rounds, medians per run`,
    );
    console.log(`  streaming off ${(b * 1000).toFixed(0)} µs   streaming on ${(a * 1000).toFixed(0)} µs   on / off: ${(a / b).toFixed(2)}×`);
  }
}

await slowStream();
await overhead();
