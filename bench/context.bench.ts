/**
 * Context economy: a scripted 30-step task on a large real page (10 read_page, 6 screenshot, 8 scroll,
 * 4 find, 2 get_page_text), run through the real loop, tools, content script and Anthropic client against
 * the mock model server, once as before the context window (full transcript, full-size PNG screenshots)
 * and once with it. Prints, as ratios measured in this run:
 *
 * - bytes sent to the model over the whole run and in the last request (aim ≤ 0.2× for both);
 * - tokens by kind from a model of Anthropic's prompt cache (tests/support/prompt-cache.ts), and the cost,
 *   for several rewrite thresholds of superseded reads (the prefix-stability trade-off in elide.ts);
 * - the same run under a person's 20,000-token context cap (compaction);
 * - the first request's size with deferred tools against all tools loaded.
 *
 * Run: `npm run bench -- context` or `npx tsx bench/context.bench.ts` (PAGE=<corpus page>, DPR=<1|2>).
 */
import { createMemoryResultStore } from '../src/runtime/budget.js';
import { createRootContext } from '../src/runtime/context.js';
import { SUMMARY_INSTRUCTION } from '../src/runtime/context-window/compact.js';
import { costOf } from '../src/runtime/context-window/cost.js';
import { DEFAULT_REWRITE, type RewriteThreshold } from '../src/runtime/context-window/elide.js';
import { modelProfile } from '../src/runtime/context-window/models.js';
import { createContextPolicy } from '../src/runtime/context-window/policy.js';
import { buildSystemPrompt, runAgent } from '../src/runtime/loop.js';
import { buildAnthropicBody, createAnthropicClient } from '../src/runtime/model/anthropic.js';
import { addUsage, emptyUsage, type Usage } from '../src/runtime/model/types.js';
import { buildToolPool, deferredToolsPromptSection, isDeferredTool, toolSpec, toolSpecsForRequest } from '../src/runtime/registry.js';
import { systemPromptFor } from '../src/background/system-prompt.js';
import { builtInTools } from '../src/tools/index.js';
import { launchBrowser } from '../tests/support/content-harness.js';
import { blockRemote, openCorpusPage, serveCorpus } from '../tests/support/corpus.js';
import { startMockModelServer, type MockReply, type RecordedRequest } from '../tests/support/mock-model-server.js';
import { createPromptCache, type PromptCache } from '../tests/support/prompt-cache.js';
import { createPageBridge } from './support/page-bridge.js';

const PAGE = process.env['PAGE'] ?? 'bbc-1';
const DPR = Number(process.env['DPR'] ?? 2);
const MODEL = 'claude-sonnet-4-5';
const PROFILE = modelProfile(MODEL);

/** The 30 steps, in order. */
const STEPS: Array<{ name: string; input: Record<string, unknown> }> = (
  [
    'read',
    'shot',
    'find',
    'scroll',
    'read',
    'scroll',
    'shot',
    'read',
    'find',
    'scroll',
    'read',
    'text',
    'shot',
    'scroll',
    'read',
    'find',
    'read',
    'scroll',
    'shot',
    'read',
    'scroll',
    'text',
    'read',
    'shot',
    'find',
    'scroll',
    'read',
    'scroll',
    'shot',
    'read',
  ] as const
).map((kind, i) => {
  if (kind === 'read') return { name: 'read_page', input: {} };
  if (kind === 'shot') return { name: 'screenshot', input: {} };
  if (kind === 'find') return { name: 'find', input: { query: ['link', 'heading', 'button', 'share'][i % 4] } };
  if (kind === 'text') return { name: 'get_page_text', input: {} };
  return { name: 'scroll', input: { direction: 'down', amount: 1 } };
});

interface RunFigures {
  label: string;
  requests: number;
  summaries: number;
  bytesTotal: number;
  bytesLast: number;
  firstBytes: number;
  usage: Usage;
  costUsd: number;
  lastImages: number;
  lastFullReads: number;
}

const mock = await startMockModelServer();
const server = await serveCorpus();
const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: DPR });
const page = await context.newPage();
await blockRemote(page);

async function runOnce(label: string, setup: { economy: boolean; rewrite?: RewriteThreshold; maxContextTokens?: number }): Promise<RunFigures> {
  await openCorpusPage(page, server, PAGE);
  const cache: PromptCache = createPromptCache();
  const usages: Usage[] = [];
  let step = 0;
  mock.reset();
  mock.script((request: RecordedRequest): MockReply => {
    const last = request.body.messages.at(-1)?.content;
    const isSummary = Array.isArray(last) && last.at(-1)?.text === SUMMARY_INSTRUCTION;
    const reply: MockReply = isSummary
      ? { text: `1. Task: survey ${PAGE}. 2. Done so far: read and scrolled the page. 5. Stored results: none needed. 6. Next step: continue.` }
      : step < STEPS.length
        ? { toolCalls: [STEPS[step++] as { name: string; input: unknown }] }
        : { text: 'Done: the page was surveyed.' };
    const output = 'text' in reply ? Math.ceil((reply.text ?? '').length / 4) : 40;
    const usage = cache.account(request.body, output);
    usages.push(usage);
    return { ...reply, usage };
  });
  const bridge = await createPageBridge(browser, page, { tabId: 1, screenshots: setup.economy ? 'encoded' : 'today' });
  const resultStore = createMemoryResultStore();
  const permissions = { mode: 'auto' as const, rules: { allow: [], deny: [], ask: [] }, grants: [] };
  const model = createAnthropicClient({ apiKey: 'bench', baseUrl: mock.url, model: MODEL });
  const tools = buildToolPool(builtInTools(), [], permissions);
  const runContext = createRootContext({
    agentId: label,
    resultStore,
    permissions,
    tools,
    currentTabId: 1,
    windowId: 1,
    browser: bridge,
    imageOptions: PROFILE.image,
  });
  const result = await runAgent({
    runId: label,
    model,
    system: systemPromptFor(tools, { id: 1, title: await page.title(), url: page.url() }, Date.UTC(2026, 0, 1)),
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Survey this page: read it, look at it, scroll through it, and tell me what it offers.' }] }],
    context: runContext,
    canUseTool: async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: 'bench' } }),
    onEvent: () => {},
    stopWhen: [],
    ...(setup.economy
      ? {
          contextPolicy: createContextPolicy({
            model,
            resultStore,
            profile: PROFILE,
            ...(setup.rewrite ? { rewrite: setup.rewrite } : {}),
            ...(setup.maxContextTokens ? { maxContextTokens: setup.maxContextTokens } : {}),
          }),
        }
      : {}),
  });
  await bridge.close();
  if (result.reason !== 'end_turn') throw new Error(`${label}: the run ended with ${result.reason} ${JSON.stringify(result.error ?? {})}`);
  const requests = mock.requests;
  const main = requests.filter((r) => !r.rawBody.includes(JSON.stringify(SUMMARY_INSTRUCTION).slice(1, 40)));
  const lastBody = main.at(-1)?.rawBody ?? '';
  const usage = usages.reduce(addUsage, emptyUsage());
  return {
    label,
    requests: requests.length,
    summaries: requests.length - main.length,
    bytesTotal: requests.reduce((sum, r) => sum + Buffer.byteLength(r.rawBody), 0),
    bytesLast: Buffer.byteLength(lastBody),
    firstBytes: Buffer.byteLength(requests[0]?.rawBody ?? ''),
    usage,
    costUsd: PROFILE.prices ? costOf(usage, PROFILE.prices) : NaN,
    lastImages: (lastBody.match(/"type":"image"/g) ?? []).length,
    lastFullReads: (lastBody.match(/Page: /g) ?? []).length,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const tokens = (n: number) => Math.round(n).toLocaleString('en-US');
const ratio = (a: number, b: number) => (a / b).toFixed(3);

try {
  const today = await runOnce('today', { economy: false });
  const economy = await runOnce('context window (default)', { economy: true });
  // Other thresholds for superseded reads (the cache trade-off in elide.ts); the default is in `economy`.
  const variants: RunFigures[] = [];
  for (const [label, rewrite] of [
    ['reads: stub at once', { minTokens: 0, ratio: 0 }],
    ['reads: ratio 2', { minTokens: 2_000, ratio: 2 }],
    ['reads: only with images', { minTokens: Infinity, ratio: Infinity }],
  ] as const) {
    variants.push(await runOnce(label, { economy: true, rewrite }));
  }
  const capped = await runOnce('cap 20,000 tokens', { economy: true, maxContextTokens: 20_000 });
  const all = [today, economy, ...variants, capped];

  console.log(`context: ${STEPS.length} steps on corpus page ${PAGE} (viewport 1280×800 at DPR ${DPR}), ${MODEL}; bytes are request bodies as sent`);
  console.log('  run                        requests  whole run    last request  images/full reads in last');
  for (const f of all) {
    console.log(
      `  ${f.label.padEnd(26)} ${String(f.requests).padStart(4)}${f.summaries ? ` (${f.summaries} summary)` : '            '} ${kb(f.bytesTotal).padStart(9)}  ${kb(f.bytesLast).padStart(10)}    ${f.lastImages} / ${f.lastFullReads}`,
    );
  }
  console.log(
    `  whole run    context window / today  ${ratio(economy.bytesTotal, today.bytesTotal)}  (aim ≤ 0.2) ${economy.bytesTotal <= 0.2 * today.bytesTotal ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  last request context window / today  ${ratio(economy.bytesLast, today.bytesLast)}  (aim ≤ 0.2) ${economy.bytesLast <= 0.2 * today.bytesLast ? 'met' : 'MISSED'}`,
  );

  console.log("\n  prompt cache (a model of Anthropic's; tokens over the whole run) and cost at list prices");
  console.log('  run                          input  cache read  cache write     output      cost');
  for (const f of all) {
    const u = f.usage;
    console.log(
      `  ${f.label.padEnd(26)} ${tokens(u.inputTokens).padStart(7)} ${tokens(u.cacheReadTokens).padStart(11)} ${tokens(u.cacheCreationTokens).padStart(12)} ${tokens(u.outputTokens).padStart(10)}  $${f.costUsd.toFixed(3)}`,
    );
  }
  console.log(`  rewrite threshold in use: ${DEFAULT_REWRITE.minTokens} tokens and ${DEFAULT_REWRITE.ratio}× what is written again`);
  console.log(`  cost  context window / today  ${ratio(economy.costUsd, today.costUsd)}`);

  // The first request: deferred tools named in the system prompt against every tool sent with its schema.
  const permissions = { mode: 'auto' as const, rules: { allow: [], deny: [], ask: [] }, grants: [] };
  const tools = buildToolPool(builtInTools(), [], permissions);
  const callerSystem = systemPromptFor(tools, { id: 1, title: PAGE, url: `http://127.0.0.1/${PAGE}/source.html` }, Date.UTC(2026, 0, 1));
  const messages = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Survey this page.' }] }];
  const none = { discoveredTools: [], grants: [] };
  const deferredSystem = buildSystemPrompt(callerSystem, deferredToolsPromptSection(tools));
  const deferredBody = JSON.stringify(buildAnthropicBody(MODEL, { system: deferredSystem, tools: toolSpecsForRequest(tools, none), messages }));
  // The reference: no tool deferred, so every schema is sent and the system prompt has no list of names.
  const allBody = JSON.stringify(buildAnthropicBody(MODEL, { system: buildSystemPrompt(callerSystem, ''), tools: tools.map(toolSpec), messages }));
  console.log(
    `\n  first request: deferred ${kb(Buffer.byteLength(deferredBody))} vs all tools loaded ${kb(Buffer.byteLength(allBody))}  ratio ${ratio(Buffer.byteLength(deferredBody), Buffer.byteLength(allBody))} (${tools.filter(isDeferredTool).length} of ${tools.length} tools deferred)`,
  );
} finally {
  await browser.close();
  await server.close();
  await mock.close();
}
