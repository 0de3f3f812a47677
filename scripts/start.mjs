#!/usr/bin/env node
/**
 * `npm start`: builds dist/, finds Chromium or Chrome, and launches it with Pagewright loaded in a fresh
 * profile, a start page open and the panel ready beside it. ANTHROPIC_API_KEY / OPENAI_API_KEY prefill
 * the settings; without either, the panel opens on its setup card.
 *
 *   npm start                                   # a browser window (needs a display)
 *   npm start -- --mock                         # the demo model: no key needed
 *   npm start -- --url https://example.com      # start on that page
 *   npm start -- --task "Summarize this page" --url https://example.com
 *                                               # headless: runs the task, prints the transcript and
 *                                               # a last line with the tokens and cost
 *   options: --mock (the built-in demo model, no key needed), --mode ask|auto|plan|read-only (the
 *            permission mode; default ask), --yes (answer every permission prompt in --task mode with
 *            "Allow for this task", and
 *            approve a plan card in plan mode; default: deny them), --profile DIR (keep a profile), --timeout SECONDS
 *            (default 300), --no-build, --browser firefox (Pagewright's Firefox build in Firefox:
 *            scripts/start-firefox.mjs)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { findChromium, HEADLESS_FLAGS } from './ensure-chromium.mjs';
import { taskPrinter } from './task-transcript.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const PANEL_PORT_NAME = 'pagewright-panel';

const { values: args } = parseArgs({
  options: {
    task: { type: 'string' },
    url: { type: 'string' },
    mock: { type: 'boolean', default: false },
    yes: { type: 'boolean', default: false },
    mode: { type: 'string', default: 'ask' },
    profile: { type: 'string' },
    timeout: { type: 'string', default: '300' },
    'no-build': { type: 'boolean', default: false },
    browser: { type: 'string', default: 'chromium' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  allowPositionals: false,
});

if (args.help) {
  console.log(
    readFileSync(fileURLToPath(import.meta.url), 'utf8')
      .split('*/')[0]
      ?.replace(/^#!.*\n\/\*\*\n/, '')
      .replace(/^ \* ?/gm, ''),
  );
  process.exit(0);
}

const fail = (message) => {
  console.error(`npm start: ${message}`);
  process.exit(1);
};

// The same four modes as Settings (src/runtime/permission-types.ts: permissionModeSchema).
const MODES = ['ask', 'auto', 'plan', 'read-only'];
if (!MODES.includes(args.mode)) fail(`--mode is one of ${MODES.join(', ')} (default ask), not "${args.mode}".`);

const firefox = args.browser === 'firefox';
if (!['chromium', 'chrome', 'firefox'].includes(args.browser)) fail(`--browser is chromium (the default) or firefox, not "${args.browser}".`);

// ---------- build ----------
if (!args['no-build'] && !firefox) {
  console.error('Building dist/ …');
  const built = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) fail('the build failed (see above).');
}

// ---------- browser ----------
const executablePath = firefox ? undefined : findChromium();
if (!executablePath && !firefox) {
  fail(
    'no Chromium or Chrome found. Install one (Debian/Ubuntu: `sudo apt-get install -y chromium`; or https://www.google.com/chrome/) or set CHROME_PATH to its executable. Note: branded Chrome 137+ ignores --load-extension; Chromium works.',
  );
}
const headless = args.task !== undefined;
if (!headless && process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  fail(
    [
      'there is no display for a browser window. Either:',
      '  xvfb-run npm start                                      # a window on a virtual display (Debian/Ubuntu: sudo apt-get install -y xvfb)',
      '  npm start -- --mock --task "Summarize this page"        # headless, with the demo model (no key needed)',
      '  ANTHROPIC_API_KEY=… npm start -- --task "Summarize this page" --url https://example.com   # headless, with a real model',
    ].join('\n'),
  );
}

// An address typed without its scheme ("example.com") would be refused as an invalid URL.
if (args.url !== undefined && !/^[a-z][a-z0-9+.-]*:/i.test(args.url)) {
  console.error(`npm start: --url ${args.url} has no scheme; opening https://${args.url}`);
  args.url = `https://${args.url}`;
}

// ---------- model settings ----------
function settingsFromEnvironment() {
  if (args.mock) {
    // The demo model is built into the extension (the panel's "Try it without a key" picks the same one).
    console.error('Using the demo model: it echoes what you say; ask it to summarize this page to see a tool call. No key needed.');
    return { provider: 'demo', permissionMode: args.mode };
  }
  const settings = { permissionMode: args.mode };
  if (process.env.ANTHROPIC_API_KEY) {
    settings.anthropic = {
      apiKey: process.env.ANTHROPIC_API_KEY,
      ...(process.env.ANTHROPIC_BASE_URL ? { baseUrl: process.env.ANTHROPIC_BASE_URL } : {}),
      ...(process.env.ANTHROPIC_MODEL ? { model: process.env.ANTHROPIC_MODEL } : {}),
    };
  }
  if (process.env.OPENAI_API_KEY) {
    settings.openai = {
      apiKey: process.env.OPENAI_API_KEY,
      ...(process.env.OPENAI_BASE_URL ? { baseUrl: process.env.OPENAI_BASE_URL } : {}),
      ...(process.env.OPENAI_MODEL ? { model: process.env.OPENAI_MODEL } : {}),
    };
  }
  settings.provider = settings.anthropic ? 'anthropic' : settings.openai ? 'openai' : 'anthropic';
  if (!settings.anthropic && !settings.openai) {
    if (headless) fail('set ANTHROPIC_API_KEY or OPENAI_API_KEY to run a task with a real model, or pass --mock for the demo model (no key needed).');
    console.error('No ANTHROPIC_API_KEY or OPENAI_API_KEY set: the panel opens on its setup card (paste a key there, or try the demo model).');
    return undefined;
  }
  return settings;
}
const settings = settingsFromEnvironment();

// ---------- start page ----------
const START_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pagewright start page</title></head>
<body style="font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto">
<h1>Pagewright</h1>
<p>The Pagewright panel is open beside this page (a pop-out window bound to this tab). The toolbar icon, the
context menu or <kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>P</kbd> open it docked in the side panel.</p>
<p>Try: “Summarize this page”, or go to any site and ask for something there.</p>
<form method="post" action="/echo"><label>Your name <input name="name"></label> <button>Send</button></form>
</body></html>`;
const startServer = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(START_PAGE);
});
await new Promise((ready) => startServer.listen(0, '127.0.0.1', ready));
const startUrl = args.url ?? `http://127.0.0.1:${startServer.address().port}/`;

// ---------- Firefox: scripts/start-firefox.mjs does the rest ----------
if (firefox) {
  const { startFirefox } = await import('./start-firefox.mjs');
  const cleanups = [];
  const stop = async () => {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    startServer.close();
  };
  process.on('SIGINT', () => void stop().then(() => process.exit(130)));
  process.on('SIGTERM', () => void stop().then(() => process.exit(143)));
  const code = await startFirefox({ root: ROOT, args, settings, startUrl, headless, fail, onCleanup: (cleanup) => cleanups.push(cleanup) });
  await stop();
  process.exit(code);
}

// ---------- launch ----------
const { chromium } = await import('playwright-core');
const userDataDir = args.profile ? resolve(args.profile) : mkdtempSync(join(tmpdir(), 'pagewright-'));
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath,
  headless: false,
  viewport: null,
  // Playwright adds --no-sandbox unless asked not to, and a window then shows Chromium's "unsupported
  // command-line flag" bar; keep the sandbox in a window (root cannot have one: it stays off there).
  chromiumSandbox: !headless && process.getuid?.() !== 0,
  ignoreDefaultArgs: ['--disable-extensions'],
  args: [...(headless ? HEADLESS_FLAGS : ['--no-first-run', '--disable-sync']), `--disable-extensions-except=${DIST}`, `--load-extension=${DIST}`],
});
const cleanup = async () => {
  await context.close().catch(() => undefined);
  startServer.close();
  if (!args.profile) {
    try {
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch {
      // the browser may still be writing its cache; a leftover temp profile is harmless
    }
  }
};
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
process.on('SIGTERM', () => void cleanup().then(() => process.exit(143)));

const worker =
  context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://')) ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
const extensionId = new URL(worker.url()).host;
if (settings) await worker.evaluate((value) => chrome.storage.local.set({ settings: value }), settings);

const page = context.pages()[0] ?? (await context.newPage());
try {
  await page.goto(startUrl);
} catch (error) {
  await cleanup();
  fail(`could not open ${startUrl}: ${String(error?.message ?? error).split('\n')[0]}. Check the address (and that this machine can reach it).`);
}
const tabId = await worker.evaluate(async (url) => {
  const tabs = await chrome.tabs.query({});
  const match = tabs.find((t) => t.url === url) ?? tabs.find((t) => t.active);
  return match?.id ?? -1;
}, page.url());
if (tabId < 0) fail('could not find the start tab.');

if (!headless) {
  // sidePanel.open needs a user gesture; a pop-out window bound to the tab is ready without one.
  await worker.evaluate(({ url }) => chrome.windows.create({ url, type: 'popup', width: 440, height: 800 }), {
    url: `chrome-extension://${extensionId}/sidepanel/index.html?tab=${tabId}`,
  });
  console.error(`Pagewright is running (extension ${extensionId}). Close the browser or press Ctrl+C to stop.`);
  context.on('close', () => void cleanup().then(() => process.exit(0)));
} else {
  const code = await runTask(args.task, tabId);
  await cleanup();
  process.exit(code);
}

/** Drives one run through the panel protocol from an extension page and prints the transcript. */
async function runTask(task, taskTabId) {
  // The page that drives the run opens in a window of its own, as the panel's Pop out does: a tab of the
  // task's window would hide the task's tab, and a hidden tab gets no frames (no screenshot, no animation).
  const hostUrl = `chrome-extension://${extensionId}/popup/index.html`;
  const hostShown = context.waitForEvent('page', { predicate: (candidate) => candidate.url() === hostUrl, timeout: 30_000 });
  await worker.evaluate((url) => chrome.windows.create({ url, type: 'popup', width: 440, height: 760, focused: false }), hostUrl);
  const host = await hostShown;
  await host.waitForLoadState('domcontentloaded');
  const timeoutMs = Number(args.timeout) * 1000;
  let finish;
  const finished = new Promise((resolveFinished) => (finish = resolveFinished));
  const handle = taskPrinter(args.yes);
  const { line } = handle;
  await host.exposeFunction('pagewrightEmit', (message) => {
    const outcome = handle(message);
    if (outcome?.exitCode !== undefined) finish(outcome.exitCode);
    return outcome?.reply;
  });

  line(`Task: ${task}`);
  line(`Page: ${page.url()} (tab ${taskTabId})`);
  await host.evaluate(
    ({ portName, tabId: boundTab, text }) => {
      const port = chrome.runtime.connect({ name: portName });
      let started = false;
      port.onMessage.addListener(async (message) => {
        if (message.type === 'conversation_state' && !started) {
          started = true;
          // A fresh conversation for the task, then the task itself.
          port.postMessage({ type: 'new_conversation', tabId: boundTab });
          return;
        }
        if (message.type === 'conversation_state' && started && !window.pagewrightSent) {
          window.pagewrightSent = true;
          port.postMessage({ type: 'send_message', conversationId: message.conversationId, text });
          return;
        }
        const reply = await window.pagewrightEmit(message);
        if (reply) port.postMessage(reply);
      });
      port.postMessage({ type: 'bind_tab', tabId: boundTab });
    },
    { portName: PANEL_PORT_NAME, tabId: taskTabId, text: task },
  );
  const timer = setTimeout(() => {
    line(`— no result after ${args.timeout} s: stopping.`);
    finish(1);
  }, timeoutMs);
  const code = await finished;
  clearTimeout(timer);
  return code;
}
