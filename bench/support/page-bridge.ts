/**
 * A BrowserBridge over one Playwright page, for benchmarks that run the real tools and loop in Node: page
 * commands go to the real content script (tests/support/content-harness.ts), screenshots are the page's
 * real captures, scaled and encoded by the service worker's own encoder (src/background/screenshot-encode.ts,
 * bundled and run in a blank page, where the same web APIs exist).
 */
import { build } from 'esbuild';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { BrowserBridge, CapturedImage, TabInfo } from '../../src/runtime/browser.js';
import type { ImageOptions } from '../../src/runtime/context-window/models.js';
import { send } from '../../tests/support/content-harness.js';

/** The encoder as a script that sets `globalThis.__pagewrightEncode`. */
export async function encoderScript(): Promise<string> {
  const out = await build({
    entryPoints: [resolve(import.meta.dirname, '../../src/background/screenshot-encode.ts')],
    bundle: true,
    format: 'iife',
    globalName: '__pagewrightEncode',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]?.text ?? '';
}

/** Options for `createPageBridge`. */
export interface PageBridgeOptions {
  /** The tab id tools see. */
  tabId: number;
  /**
   * `today`: screenshots go out as captured (a full-size PNG), as before the context-window work;
   * `encoded`: scaled and encoded as the tool asks.
   */
  screenshots: 'today' | 'encoded';
}

/** A bridge to `page`, plus the number of screenshots taken. */
export async function createPageBridge(
  browser: Browser,
  page: Page,
  options: PageBridgeOptions,
): Promise<BrowserBridge & { shots: number; close(): Promise<void> }> {
  const encoderPage = await browser.newPage();
  await encoderPage.addScriptTag({ content: await encoderScript() });
  const tab = async (): Promise<TabInfo> => ({ id: options.tabId, windowId: 1, url: page.url(), title: await page.title(), active: true, status: 'complete' });
  const unsupported = async (): Promise<never> => {
    throw new Error('not used by this benchmark');
  };
  const bridge = {
    shots: 0,
    async sendToTab(_tabId: number, message: unknown) {
      return send(page, (message as { command: Parameters<typeof send>[1] }).command);
    },
    listFrames: async () => [],
    getTab: tab,
    listTabs: async () => [await tab()],
    activateTab: tab,
    openTab: unsupported,
    closeTab: unsupported,
    navigate: unsupported,
    download: unsupported,
    async captureVisibleTab(_tabId: number, imageOptions?: ImageOptions): Promise<CapturedImage> {
      bridge.shots++;
      const png = (await page.screenshot()).toString('base64');
      if (options.screenshots === 'today' || !imageOptions) return { mediaType: 'image/png', data: png };
      return encoderPage.evaluate(
        ([dataUrl, asked]) =>
          (
            globalThis as unknown as { __pagewrightEncode: { encodeScreenshot(d: string, o: unknown): Promise<CapturedImage> } }
          ).__pagewrightEncode.encodeScreenshot(dataUrl, asked),
        [`data:image/png;base64,${png}`, imageOptions] as const,
      );
    },
    close: () => encoderPage.close(),
  };
  return bridge;
}
