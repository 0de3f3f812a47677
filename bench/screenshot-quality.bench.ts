/**
 * Screenshot legibility against size: real corpus pages captured at 1280×800 CSS pixels on a HiDPI screen
 * (DPR 2), scaled to the model's 1280 px by the worker's own encoder (src/background/screenshot-encode.ts),
 * and encoded as WebP and JPEG at several qualities. Each encoding is decoded again and read by an OCR
 * engine (tesseract, Debian's `tesseract-ocr`); its words are compared with the OCR of the same scaled image
 * kept lossless (PNG), so the figure is "how much text did the lossy encoding cost", on pages nobody here
 * wrote. Prints, per encoding: the median size against the lossless PNG (a ratio in this run) and the share
 * of the lossless OCR's words still read (mean, median and worst page). OCR on screen text is noisy (a page
 * can score lower at a higher quality): read the means across runs, and look at the images
 * (src/runtime/context-window/models.ts says how the default was chosen).
 *
 * Run: `npx tsx bench/screenshot-quality.bench.ts` (PAGES=<n> pages spread over the corpus, default 16).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CapturedImage } from '../src/runtime/browser.js';
import { CLOUD_IMAGE_OPTIONS, type ImageOptions } from '../src/runtime/context-window/models.js';
import { launchBrowser } from '../tests/support/content-harness.js';
import { blockRemote, corpusPages, median, openCorpusPage, serveCorpus, tokenRecall } from '../tests/support/corpus.js';
import { encoderScript } from './support/page-bridge.js';

const PAGES = Number(process.env['PAGES'] ?? 16);
const ENCODINGS: ImageOptions[] = [
  ...[0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9].map((quality) => ({ maxEdge: 1280, format: 'image/webp' as const, quality })),
  ...[0.6, 0.75, 0.85].map((quality) => ({ maxEdge: 1280, format: 'image/jpeg' as const, quality })),
];
const LOSSLESS: ImageOptions = { maxEdge: 1280, format: 'image/png', quality: 1 };
const label = (o: ImageOptions) => `${o.format.slice(6)} ${o.format === 'image/png' ? '' : o.quality.toFixed(2)}`.trim();

const tesseract = spawnSync('tesseract', ['--version']).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'pagewright-ocr-'));
let ocrCount = 0;
/** The words tesseract reads in a PNG. */
function ocr(pngBase64: string): string {
  const file = join(dir, `${ocrCount++}.png`);
  writeFileSync(file, Buffer.from(pngBase64, 'base64'));
  const run = spawnSync('tesseract', [file, 'stdout', '-l', 'eng'], { encoding: 'utf8', env: { ...process.env, OMP_THREAD_LIMIT: '1' } });
  if (run.status !== 0) throw new Error(`tesseract failed: ${run.stderr}`);
  return run.stdout;
}

const all = corpusPages();
const step = Math.max(1, Math.floor(all.length / PAGES));
const pages = all.filter((_, i) => i % step === 0).slice(0, PAGES);

const server = await serveCorpus();
const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 });
const page = await context.newPage();
await blockRemote(page);
const encoder = await context.newPage();
await encoder.addScriptTag({ content: await encoderScript() });

/** Encodes a capture as asked, and decodes the result again to a lossless PNG for the OCR. */
const encodeAndDecode = (png: string, options: ImageOptions) =>
  encoder.evaluate(
    async ([dataUrl, asked]) => {
      const encoded = await (
        globalThis as unknown as { __pagewrightEncode: { encodeScreenshot(d: string, o: unknown): Promise<CapturedImage> } }
      ).__pagewrightEncode.encodeScreenshot(dataUrl, asked);
      const bitmap = await createImageBitmap(await (await fetch(`data:${encoded.mediaType};base64,${encoded.data}`)).blob());
      // Twice the size for the OCR engine, which reads small screen text poorly at 1:1 (a model reads the 1:1 image).
      const canvas = new OffscreenCanvas(bitmap.width * 2, bitmap.height * 2);
      const context2d = canvas.getContext('2d');
      if (context2d) context2d.imageSmoothingQuality = 'high';
      context2d?.drawImage(bitmap, 0, 0, bitmap.width * 2, bitmap.height * 2);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { bytes: encoded.data.length, decoded: btoa(binary) };
    },
    [`data:image/png;base64,${png}`, options] as const,
  );

const sizes = new Map<string, number[]>();
const recalls = new Map<string, number[]>();
try {
  console.log(
    `screenshot quality: ${pages.length} corpus pages at 1280×800, DPR 2, scaled to 1280 px; OCR ${tesseract ? 'by tesseract' : 'skipped (install tesseract-ocr)'}`,
  );
  for (const name of pages) {
    await openCorpusPage(page, server, name);
    await page.waitForTimeout(300);
    const capture = (await page.screenshot()).toString('base64');
    const reference = await encodeAndDecode(capture, LOSSLESS);
    const referenceText = tesseract ? ocr(reference.decoded) : '';
    // A page whose view holds almost no text says nothing about legibility.
    const words = referenceText.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
    const row: string[] = [];
    for (const options of ENCODINGS) {
      const out = await encodeAndDecode(capture, options);
      const key = label(options);
      sizes.set(key, [...(sizes.get(key) ?? []), out.bytes / reference.bytes]);
      if (tesseract && words >= 60) {
        const recall = tokenRecall(referenceText, ocr(out.decoded));
        recalls.set(key, [...(recalls.get(key) ?? []), recall]);
        row.push(`${key} ${recall.toFixed(3)}`);
      }
    }
    console.log(`  ${name.padEnd(28)} ${String(words).padStart(4)} words  ${row.join('  ')}`);
  }
  console.log('\n  encoding      size / lossless PNG (median)   OCR words kept (mean, median, worst page)');
  for (const options of ENCODINGS) {
    const key = label(options);
    const r = recalls.get(key) ?? [];
    const mark = options.format === CLOUD_IMAGE_OPTIONS.format && options.quality === CLOUD_IMAGE_OPTIONS.quality ? '  ← default' : '';
    console.log(
      `  ${key.padEnd(12)}  ${median(sizes.get(key) ?? [])
        .toFixed(3)
        .padStart(
          10,
        )}                     ${r.length ? `${(r.reduce((a, b) => a + b, 0) / r.length).toFixed(3)}, ${median(r).toFixed(3)}, ${Math.min(...r).toFixed(3)}` : '—'}${mark}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  await browser.close();
  await server.close();
}
