/**
 * The world the panel states run in (tests/support/panel-states.ts): the built extension in its own
 * Chromium, two sites with the same pages (two ports, so two origins) and the mock model server; and the
 * steps every state takes — a tab and a panel on it at the panel's width, a message sent, a run settled.
 */
import type { Page } from 'playwright-core';
import { launchExtension, type ExtensionHarness } from './extension.js';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';
import { startMockModelServer, toolResultsOf, type MockModelServer, type RecordedRequest } from './mock-model-server.js';

/** Everything the states run against. */
export interface PanelWorld {
  ext: ExtensionHarness;
  /** The pages, on one site… */
  site: FixtureServer;
  /** …and the same pages on another site (another port). */
  otherSite: FixtureServer;
  model: MockModelServer;
  /** The panel's width (400 px by default; the layout e2e also tries 320 and 500). */
  width: number;
  /** Closes the panels and pages a state opened, and forgets the model's script. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** The width the side panel has by default in Chromium. */
export const PANEL_WIDTH = 400;

export const MODEL = 'claude-sonnet-4-5';
export const ready = (world: PanelWorld, permissionMode = 'ask') => ({
  provider: 'anthropic',
  anthropic: { apiKey: 'sk-test', baseUrl: world.model.url, model: MODEL },
  permissionMode,
});

/** Starts the browser with the extension, two sites and the model server. */
export async function startPanelWorld(width = PANEL_WIDTH): Promise<PanelWorld> {
  const [site, otherSite, model] = await Promise.all([startFixtureServer('tests/e2e/pages'), startFixtureServer('tests/e2e/pages'), startMockModelServer()]);
  const ext = await launchExtension();
  // One blank tab stays open throughout: a browser whose last window closes would quit.
  const keep = ext.context.pages()[0] ?? (await ext.context.newPage());
  return {
    ext,
    site,
    otherSite,
    model,
    width,
    async reset() {
      // Runs left waiting (a prompt, a hanging reply) are stopped, as a person would before leaving.
      for (const page of ext.context.pages().filter((candidate) => candidate.url().includes('/sidepanel/'))) {
        if (await page.getByRole('dialog').count()) await page.keyboard.press('Escape').catch(() => undefined);
        const stop = page.getByRole('button', { name: 'Stop', exact: true });
        if (await stop.count()) await stop.click().catch(() => undefined);
        await page
          .locator('.running-line')
          .waitFor({ state: 'detached' })
          .catch(() => undefined);
      }
      model.reset();
      await Promise.all(
        ext.context
          .pages()
          .filter((page) => page !== keep)
          .map((page) => page.close().catch(() => undefined)),
      );
    },
    async close() {
      await ext.close();
      await Promise.all([site.close(), otherSite.close(), model.close()]);
    },
  };
}

/** The ref of the element named `name` in a read's output (`- textbox "Email" [ref=e3]`). */
export function refOf(text: string | undefined, name: string): string {
  const line = (text ?? '').split('\n').find((entry) => entry.includes(`"${name}"`) && /\[ref=/.test(entry));
  const ref = line ? /\[ref=([a-z0-9]+)\]/.exec(line)?.[1] : undefined;
  if (!ref) throw new Error(`No ref for "${name}" in:\n${text ?? ''}`);
  return ref;
}

/** The newest read's text in a request. */
export const lastRead = (request: RecordedRequest) => toolResultsOf(request).at(-1)?.text;

/** Opens `path` on the site in a tab and a panel on it at the panel's width, ready to send. */
export async function panelOn(world: PanelWorld, path: string, settings: unknown, width = world.width): Promise<{ panel: Page; page: Page; tabId: number }> {
  await world.ext.setSettings(settings);
  const page = await world.ext.context.newPage();
  await page.goto(`${world.site.url}/${path}`);
  const tabId = await world.ext.tabIdOf(page);
  // In a window of its own, as "Pop out" opens it: the page's tab stays the visible one (screenshots need that).
  const opened = world.ext.context.waitForEvent('page', (candidate) => candidate.url().includes(`sidepanel/index.html?tab=${tabId}`));
  await world.ext.evaluateInWorker(({ url, width: w }) => chrome.windows.create({ url, type: 'popup', width: w, height: 760 }).then(() => undefined), {
    url: `${world.ext.origin}/sidepanel/index.html?tab=${tabId}`,
    width,
  });
  const panel = await opened;
  await panel.setViewportSize({ width, height: 760 });
  await panel.locator('.app[data-conversation-id]').waitFor();
  return { panel, page, tabId };
}

/** Sends a message from the message box, as a person does. */
export async function send(panel: Page, text: string): Promise<void> {
  await panel.getByRole('textbox', { name: 'Message' }).fill(text);
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
}

/** Waits until the run is over (no "Working…" line, no running call). */
export async function settled(panel: Page): Promise<void> {
  await panel.locator('.running-line').waitFor({ state: 'detached' });
}
