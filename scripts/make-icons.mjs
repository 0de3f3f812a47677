#!/usr/bin/env node
/**
 * Renders the extension's icons (icons/16.png, 32.png, 48.png, 128.png) from icons/pagewright.svg (and
 * the simpler icons/pagewright-16.svg for 16 px) in headless Chromium, with a transparent background.
 * Run it after changing the SVGs: `node scripts/make-icons.mjs`. The PNGs are committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { findChromium, HEADLESS_FLAGS } from './ensure-chromium.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const executablePath = findChromium();
if (!executablePath) throw new Error('No Chromium found: run node scripts/ensure-chromium.mjs');
const browser = await chromium.launch({ executablePath, args: HEADLESS_FLAGS.filter((flag) => flag !== '--headless=new') });
try {
  for (const size of [16, 32, 48, 128]) {
    const svg = readFileSync(join(ROOT, 'icons', size === 16 ? 'pagewright-16.svg' : 'pagewright.svg'), 'utf8');
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    writeFileSync(join(ROOT, 'icons', `${size}.png`), await page.screenshot({ omitBackground: true }));
    await page.close();
  }
} finally {
  await browser.close();
}
console.log('Wrote icons/16.png, 32.png, 48.png, 128.png');
