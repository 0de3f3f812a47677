/**
 * `npm start -- --browser firefox`: builds dist-firefox/, launches Firefox (found like the e2e tests do)
 * with Pagewright installed as a temporary add-on in a fresh profile, over WebDriver BiDi (puppeteer-core),
 * and a start page open. With a display the sidebar opens at install; with `--task` it runs headless and
 * prints the transcript, like the Chromium path. Called by scripts/start.mjs with its parsed options.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FIREFOX_PREFS, findFirefox } from './ensure-firefox.mjs';
import { taskPrinter } from './task-transcript.mjs';

/** The extension page driving the task: connects the panel port and reports every message to Node. */
function driveTask({ portName, tabId, text }) {
  const port = chrome.runtime.connect({ name: portName });
  let started = false;
  let sent = false;
  window.pagewrightInbox = [];
  window.pagewrightReply = (reply) => port.postMessage(reply);
  port.onMessage.addListener((message) => {
    if (message.type === 'conversation_state' && !started) {
      started = true;
      port.postMessage({ type: 'new_conversation', tabId });
      return;
    }
    if (message.type === 'conversation_state' && started && !sent) {
      sent = true;
      port.postMessage({ type: 'send_message', conversationId: message.conversationId, text });
      return;
    }
    window.pagewrightInbox.push(message);
  });
  port.postMessage({ type: 'bind_tab', tabId });
}

/** Runs Pagewright in Firefox; resolves with the exit code (a window: when the browser closes). */
export async function startFirefox({ root, args, settings, startUrl, headless, onCleanup, fail }) {
  const dist = join(root, 'dist-firefox');
  if (!args['no-build']) {
    console.error('Building dist-firefox/ …');
    const built = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '-c', 'vite.firefox.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (built.status !== 0) fail('the Firefox build failed (see above).');
  }
  const executablePath = findFirefox();
  if (!executablePath) fail('no Firefox found. Install one (Debian: `sudo apt-get install -y firefox-esr`) or set FIREFOX_PATH to its executable.');

  const { default: puppeteer } = await import('puppeteer-core');
  const userDataDir = args.profile ? resolve(args.profile) : mkdtempSync(join(tmpdir(), 'pagewright-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless,
    userDataDir,
    extraPrefsFirefox: FIREFOX_PREFS,
    defaultViewport: null,
  });
  onCleanup(async () => {
    await browser.close().catch(() => undefined);
    if (!args.profile) rmSync(userDataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  try {
    await page.goto(startUrl);
  } catch (error) {
    fail(`could not open ${startUrl}: ${String(error?.message ?? error).split('\n')[0]}. Check the address (and that this machine can reach it).`);
  }
  await browser.installExtension(dist);
  // Loaded temporarily, the add-on opens its panel in a background tab (the way in: BiDi cannot open moz-extension:// pages).
  let host;
  for (let i = 0; !host && i < 300; i++) {
    for (const candidate of await browser.pages()) {
      if ((await candidate.evaluate(() => location.href).catch(() => '')).startsWith('moz-extension://')) host = candidate;
    }
    if (!host) await new Promise((r) => setTimeout(r, 100));
  }
  if (!host) fail('the add-on did not start (no extension page appeared).');
  if (settings) {
    const { tsImport } = await import('tsx/esm/api');
    const { FIREFOX_SETTINGS_DB: db } = await tsImport('../src/background/firefox-settings-db.ts', import.meta.url);
    await host.evaluate(
      async ({ db, value }) => {
        const open = indexedDB.open(db.name, 1);
        open.onupgradeneeded = () => open.result.createObjectStore(db.store);
        const database = await new Promise((ok, no) => ((open.onsuccess = () => ok(open.result)), (open.onerror = () => no(open.error))));
        await new Promise((ok, no) => {
          const tx = database.transaction(db.store, 'readwrite');
          tx.objectStore(db.store).put(value, db.key);
          tx.oncomplete = ok;
          tx.onerror = () => no(tx.error);
        });
        await chrome.storage.local.set({ [db.marker]: Date.now() });
      },
      { db, value: settings },
    );
  }
  const tabId = await host.evaluate(
    async (url) => {
      const tabs = await chrome.tabs.query({});
      return (tabs.find((t) => t.url === url) ?? tabs.find((t) => t.url?.startsWith('http')))?.id ?? -1;
    },
    await page.evaluate(() => location.href),
  );
  if (tabId < 0) fail('could not find the start tab.');

  if (!headless) {
    await page.bringToFront();
    console.error(
      'Pagewright is running in Firefox (the sidebar shows the panel; View → Sidebar → Pagewright if it is closed). Close the browser or press Ctrl+C to stop.',
    );
    await new Promise((closed) => browser.on('disconnected', closed));
    return 0;
  }
  const handleMessage = taskPrinter(args.yes);
  console.log(`Task: ${args.task}`);
  console.log(`Page: ${startUrl} (tab ${tabId})`);
  await host.evaluate(driveTask, { portName: 'pagewright-panel', tabId, text: args.task });
  const deadline = Date.now() + Number(args.timeout) * 1000;
  for (;;) {
    const inbox = await host.evaluate(() => window.pagewrightInbox.splice(0));
    for (const message of inbox) {
      const outcome = handleMessage(message);
      if (outcome?.reply) await host.evaluate((reply) => window.pagewrightReply(reply), outcome.reply);
      if (outcome?.exitCode !== undefined) return outcome.exitCode;
    }
    if (Date.now() > deadline) {
      console.log(`— no result after ${args.timeout} s: stopping.`);
      return 1;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
