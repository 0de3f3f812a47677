/**
 * One read_page through the coding-agent bridge against the same call from the panel, in one run, on
 * the same tab. Through MCP: the SDK's stdio client → bin/pagewright-mcp.mjs → socket → host (started
 * by the browser) → native messaging → the worker's driven run → executor → content script → back,
 * timed by the client. From the panel: the same tool through the panel's port and run (a scripted model
 * turn before it), timed by the executor itself, so the reference leaves out everything around the call
 * (the model turn, the port). Both read the same page and must return the same text.
 *
 * Warm-up pairs first (unmeasured: the server, the host and the worker's code paths are compiled by
 * then), then pairs in alternating order (MCP first, then the panel first), so machine noise falls on
 * both sides alike. Each pair gives a ratio; the aim is on the median of those ratios (MCP ≤ 1.5× the
 * panel's call), which one stalled call cannot move the way it moves a single pair.
 *
 *   npx vite build && npx tsx bench/mcp-bridge.bench.ts       (REPS=30 pairs, WARMUP=5, PAGE=<corpus page> default bbc-1)
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS_DIR, median, serveCorpus } from '../tests/support/corpus.js';
import { profileDirOf, runCli, startClient, textOf, useBridgeHome } from '../tests/support/coding-agent.js';
import { launchExtension, OFFLINE_DNS_FLAG } from '../tests/support/extension.js';
import { startFixtureServer } from '../tests/support/fixture-server.js';
import { startMockModelServer } from '../tests/support/mock-model-server.js';
import { createToolRunner } from '../tests/support/tool-runner.js';

const REPS = Number(process.env['REPS'] ?? 30);
const WARMUP = Number(process.env['WARMUP'] ?? 5);
const PAGE = process.env['PAGE'] ?? 'bbc-1';

const bridge = useBridgeHome();
const server = existsSync(join(CORPUS_DIR, PAGE)) ? await serveCorpus() : await startFixtureServer('tests/fixtures');
const url = existsSync(join(CORPUS_DIR, PAGE)) ? `${server.url}/${PAGE}/source.html` : `${server.url}/coding-agent/app.html`;
const mock = await startMockModelServer();
const ext = await launchExtension({
  settings: {
    provider: 'anthropic',
    anthropic: { apiKey: 'k', baseUrl: mock.url, model: 'claude-sonnet-4-5' },
    permissionMode: 'auto',
    externalAgents: { enabled: true, permissionMode: 'auto' },
  },
  args: [OFFLINE_DNS_FLAG],
});
try {
  const installed = runCli(bridge.home, 'install', '--profile', await profileDirOf(ext));
  if (installed.status !== 0) throw new Error(installed.output);
  const page = await ext.context.newPage();
  await page.goto(url);
  const tabId = await ext.tabIdOf(page);
  const runner = await createToolRunner(ext, mock);
  const popup = await ext.context.newPage();
  await popup.goto(`${ext.origin}/popup/index.html`);
  // Coding agents was on before the helper was registered: Try again, as the person would in Settings.
  await popup.evaluate(() => chrome.runtime.sendMessage({ method: 'externalAgents.retry', params: {} }));
  const client = await startClient(bridge.home);
  for (let attempt = 0; ; attempt++) {
    try {
      await client.listTools();
      break;
    } catch (error) {
      if (attempt > 50) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  // The person shares the tab with the session (the panel's "Share this tab").
  await popup.evaluate((id) => chrome.runtime.sendMessage({ method: 'externalAgents.share', params: { tabId: id, shared: true } }), tabId);

  const viaMcp = async () => {
    const started = performance.now();
    const result = await client.callTool({ name: 'read_page', arguments: { tab_id: tabId } });
    const ms = performance.now() - started;
    if (result.isError) throw new Error(`read_page through MCP failed: ${JSON.stringify(result.content).slice(0, 300)}`);
    return { ms, text: textOf(result) };
  };
  const viaPanel = async () => {
    const [read] = await runner.run(tabId, [{ name: 'read_page', input: {} }]);
    if (!read || read.isError) throw new Error(`read_page from the panel failed: ${read?.code}`);
    return { ms: read.durationMs, text: read.text };
  };
  /** One pair, in the order given; both sides must have read the same thing. */
  const pair = async (mcpFirst: boolean) => {
    const first = mcpFirst ? await viaMcp() : await viaPanel();
    const second = mcpFirst ? await viaPanel() : await viaMcp();
    const [mcp, panel] = mcpFirst ? [first, second] : [second, first];
    if (mcp.text !== panel.text)
      throw new Error(`The two sides read different results (${mcp.text.length} and ${panel.text.length} characters): the comparison would not be fair.`);
    return { mcp: mcp.ms, panel: panel.ms, chars: mcp.text.length };
  };
  for (let round = 0; round < WARMUP; round++) await pair(round % 2 === 0);
  const pairs: Array<Awaited<ReturnType<typeof pair>>> = [];
  for (let round = 0; round < REPS; round++) pairs.push(await pair(round % 2 === 0));
  const mcpMedian = median(pairs.map((p) => p.mcp));
  const panelMedian = median(pairs.map((p) => p.panel));
  const ratios = pairs.map((p) => p.mcp / Math.max(p.panel, 1)).sort((a, b) => a - b);
  const ratio = median(ratios);
  const quartile = (q: number) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))] ?? NaN;
  console.log(`read_page on ${PAGE} (${pairs[0]?.chars ?? 0} characters, the same on both sides; ${WARMUP} warm-up pairs, then ${REPS} pairs, alternating)`);
  console.log(`  from the panel (the executor's own time): median ${panelMedian.toFixed(1)} ms`);
  console.log(`  through MCP (client → server → socket → host → extension → content script → back): median ${mcpMedian.toFixed(1)} ms`);
  console.log(
    `  overhead of the bridge: ${(mcpMedian - panelMedian).toFixed(1)} ms a call (medians); ratio of the medians ${(mcpMedian / panelMedian).toFixed(2)}×`,
  );
  console.log(
    `  ratio per pair: median ${ratio.toFixed(2)}× (quartiles ${quartile(0.25).toFixed(2)}–${quartile(0.75).toFixed(2)}); aim ≤ 1.5: ${ratio <= 1.5 ? 'met' : 'MISSED'}`,
  );
  await client.close();
  await runner.close();
} finally {
  await ext.close();
  await server.close();
  await mock.close();
  bridge.remove();
}
