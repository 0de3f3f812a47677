/**
 * uploadShown in headless Chromium (bundled with esbuild and run in the page): the entry naming each
 * uploaded file, new or already there, its visible lines, and the state its classes mark, in fixed words.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bundleSource, useUnitPage } from '../../tests/support/unit-page.js';

const ENTRY = `
import { beforeUpload, uploadShown } from './upload-preview.js';
const zone = () => document.querySelector('#zone button');
globalThis.__before = (names) => beforeUpload(names, zone());
globalThis.__shown = (names) => uploadShown(names, zone());
`;
const ZONE = `<div id="zone" class="dropzone"><button>Drop files here</button></div>
<ul id="done"><li>old.txt (3 bytes)</li></ul>`;

let page: Page;
useUnitPage(async (opened) => {
  page = opened;
  await page.setContent(`<!doctype html><html><body>${ZONE}</body></html>`);
  await page.addScriptTag({ content: await bundleSource(ENTRY, import.meta.dirname) });
});

type Probe = { __before(names: string[]): void; __shown(names: string[]): string[] };
const before = (names: string[]) => page.evaluate((n) => (globalThis as unknown as Probe).__before(n), names);
const shown = (names: string[]) => page.evaluate((n) => (globalThis as unknown as Probe).__shown(n), names);

describe('uploadShown', () => {
  it('names the preview that appeared for a file, its lines and the state its classes mark', async () => {
    await before(['taxi.txt']);
    await page.evaluate(() => {
      const preview = document.createElement('div');
      preview.className = 'dz-preview dz-processing dz-error';
      preview.innerHTML = '<div class="dz-details"><span>taxi.txt</span><div>31 b</div></div><div class="dz-error-message">Storage [full]</div>';
      document.querySelector('#zone')!.append(preview);
    });
    // Page text is quoted as untrusted: its brackets are escaped.
    expect(await shown(['taxi.txt'])).toEqual(['a preview or entry naming "taxi.txt" appeared ("taxi.txt", "31 b", "Storage \\[full\\]"; marked error)']);
  });

  it('says an entry that was there before the act is there, not that it appeared; and when nothing names a file', async () => {
    await before(['old.txt', 'none.txt']);
    expect(await shown(['old.txt', 'none.txt'])).toEqual([
      'the entry already naming "old.txt" is there ("old.txt (3 bytes)")',
      'nothing on the page names "none.txt"',
    ]);
  });
});
