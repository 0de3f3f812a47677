/**
 * upload_file through the built extension: Dropzone (from npm, served offline) takes a drop of a file the
 * model wrote and posts it to the test's own server; Uppy's Dashboard takes one into its state; a plain file input hidden behind a styled button, and
 * one behind a label, take files by the button's or label's ref. Each check reads the app's own state
 * (Dropzone's `dz.files`, the input's `files` in the page, the bytes the server received), then the line
 * the model was sent. The model finds the tool with tool_search, as it must: the tool is deferred.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { converse, useExtension } from '../support/e2e.js';
import { send } from '../support/panel-driver.js';
import type { FixtureRoutes } from '../support/fixture-server.js';
import { callNext, resultText } from '../support/model-results.js';
import { refIn } from '../support/tree-lines.js';

const DROPZONE_JS = readFileSync('node_modules/dropzone/dist/dropzone-min.js', 'utf8');
const DROPZONE_CSS = readFileSync('node_modules/dropzone/dist/dropzone.css', 'utf8');
const UPPY_JS = readFileSync('node_modules/uppy/dist/uppy.min.js', 'utf8');
const UPPY_CSS = readFileSync('node_modules/uppy/dist/uppy.min.css', 'utf8');

/** Uppy's Dashboard, inline, as its docs set it up: files are added to Uppy's state, uploaded on the person's click. */
const DASHBOARD = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Attachments</title>
<link rel="stylesheet" href="/uppy.min.css"></head><body><h1>Attachments</h1><div id="dash"></div>
<script src="/uppy.min.js"></script>
<script>const { Uppy, Dashboard } = globalThis.Uppy; window.uppy = new Uppy().use(Dashboard, { inline: true, target: '#dash', height: 360 });</script>
</body></html>`;

/** An expense form whose receipt goes through Dropzone's own drop zone, uploaded at once to /upload (or to the address `?to=` gives). */
const EXPENSES = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Expenses</title>
<link rel="stylesheet" href="/dropzone.css"></head><body>
<h1>New expense</h1>
<label>Amount <input name="amount"></label>
<div id="receipt" class="dropzone"></div>
<script src="/dropzone-min.js"></script>
<script>Dropzone.autoDiscover = false; window.dz = new Dropzone('#receipt', { url: new URLSearchParams(location.search).get('to') || '/upload', paramName: 'receipt' });</script>
</body></html>`;

/** A profile form: the file inputs are hidden; a styled button opens one, a label the other. */
const PROFILE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Profile</title>
<style>.picker input[type=file] { display: none } .btn { padding: 8px 14px; background: #246; color: white; border-radius: 6px; cursor: pointer }</style>
</head><body><h1>Profile</h1>
<div class="picker"><input type="file" id="cv" accept=".txt,.md"><button type="button" class="btn" onclick="cv.click()">Attach your CV</button></div>
<div class="picker"><label class="btn" for="photo">Choose a photo</label><input type="file" id="photo" accept="image/*"></div>
<ul id="chosen"></ul>
<script>for (const input of document.querySelectorAll('input[type=file]')) input.addEventListener('change', () => {
  for (const file of input.files) { const li = document.createElement('li'); li.textContent = input.id + ': ' + file.name + ' (' + file.size + ' bytes)'; chosen.append(li); }
});</script></body></html>`;

/** Another site's page (served on localhost, another origin than 127.0.0.1): a statement with an account number. */
const STATEMENT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Statement</title></head><body>
<h1>Statement</h1><p>Account RC-4821-7730, balance 12,440.17 EUR.</p></body></html>`;

/** Multipart bodies the server received at /upload. */
const received: string[] = [];
const routes: FixtureRoutes = (req, res, pathname) => {
  const send = (type: string, body: string) => res.writeHead(200, { 'content-type': type }).end(body);
  if (pathname === '/expenses.html') send('text/html; charset=utf-8', EXPENSES);
  else if (pathname === '/profile.html') send('text/html; charset=utf-8', PROFILE);
  else if (pathname === '/statement.html') send('text/html; charset=utf-8', STATEMENT);
  else if (pathname === '/dropzone-min.js') send('text/javascript', DROPZONE_JS);
  else if (pathname === '/dropzone.css') send('text/css', DROPZONE_CSS);
  else if (pathname === '/dashboard.html') send('text/html; charset=utf-8', DASHBOARD);
  else if (pathname === '/uppy.min.js') send('text/javascript', UPPY_JS);
  else if (pathname === '/uppy.min.css') send('text/css', UPPY_CSS);
  else if (pathname === '/upload' && req.method === 'POST') {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      send('application/json', '{"ok":true}');
    });
  } else if (pathname === '/upload-full' && req.method === 'POST') {
    req.resume();
    req.on('end', () => res.writeHead(507, { 'content-type': 'text/plain' }).end('Storage full'));
  } else return false;
  return true;
};

/** The scripted model's turns: find upload_file with tool_search, find the zone by `query`, upload `files` to the line named `line`, then say `done`. */
const uploadTurns = (query: string, line: string, files: Array<{ name: string; content: string }>, done: string) => [
  callNext({ id: 'tu_search', name: 'tool_search', input: () => ({ query: 'upload file attach' }) }),
  callNext({ id: 'tu_find', name: 'find', input: () => ({ query }) }),
  callNext({ id: 'tu_upload', name: 'upload_file', input: (found) => ({ ref: refIn(found, line), files }) }),
  { text: done },
];

describe('upload_file on real upload widgets', () => {
  const e2e = useExtension({ fixtures: { root: 'tests/fixtures', routes }, mock: { rules: { allow: ['upload_file'], ask: [], deny: [] } } });

  it('Dropzone: the drop zone takes a drop of the written file, lists it and posts it to the server', async () => {
    const { page, tabId } = await e2e.open('/expenses.html');
    await page.locator('.dz-button').waitFor();
    e2e.mock.enqueue(
      ...uploadTurns(
        'Drop files here',
        'button "Drop files here to upload"',
        [{ name: 'taxi.txt', content: 'Taxi 23.50 EUR\nAirport to hotel' }],
        'Receipt attached.',
      ),
    );
    await converse(e2e, tabId, 'Attach a receipt for the taxi', 'Receipt attached.');

    expect(resultText(e2e.mock, 'tu_search').text).toContain('upload_file');
    // The app's own state: Dropzone holds the file, with its bytes, and uploaded it.
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { dz: { files: Array<{ name: string; size: number; status: string }> } }).dz.files.map((f) => [f.name, f.size, f.status]),
        ),
      )
      .toEqual([['taxi.txt', 31, 'success']]);
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('name="receipt"; filename="taxi.txt"');
    expect(received[0]).toContain('Taxi 23.50 EUR\nAirport to hotel');
    expect(await page.locator('.dz-preview .dz-filename').innerText()).toBe('taxi.txt');

    const line = resultText(e2e.mock, 'tu_upload');
    expect(line.isError, line.text).toBe(false);
    expect(line.text).toMatch(/^Dropped 1 file \(taxi\.txt, 31 bytes\) on button "Drop files here to upload"/);
    expect(line.text).toContain('set by script');
    expect(line.text).toMatch(/taxi\.txt/);
    // What the page did with it: a preview that Dropzone marked done, and the request's answer (waited for).
    expect(line.text).toContain('a preview or entry naming "taxi.txt" appeared ("31 b", "taxi.txt"; marked success)');
    expect(line.text).toContain('upload request seen: POST /upload → 200 OK');
    expect(line.text).not.toContain('Airport');
  });

  it('Dropzone: an upload the server refuses is said as refused, with the preview Dropzone marks failed', async () => {
    const { page, tabId } = await e2e.open('/expenses.html?to=/upload-full');
    await page.locator('.dz-button').waitFor();
    e2e.mock.enqueue(
      ...uploadTurns('Drop files here', 'button "Drop files here to upload"', [{ name: 'hotel.txt', content: 'Hotel 140 EUR' }], 'The upload failed.'),
    );
    await converse(e2e, tabId, 'Attach a receipt for the hotel', 'The upload failed.');
    // Dropzone's own state: it took the file and its upload failed.
    const status = await page.evaluate(() => (window as unknown as { dz: { files: Array<{ status: string }> } }).dz.files.map((f) => f.status));
    expect(status).toEqual(['error']);
    const line = resultText(e2e.mock, 'tu_upload').text;
    expect(line).toContain('upload request seen: POST /upload-full → 507');
    expect(line).toMatch(/a preview or entry naming "hotel\.txt" appeared \([^)]*"Storage full"[^)]*; marked error\)/);
  });

  it('Uppy: its Dashboard takes a drop of the written file into Uppy’s own state', async () => {
    const { page, tabId } = await e2e.open('/dashboard.html');
    await page.locator('.uppy-Dashboard-AddFiles').waitFor();
    e2e.mock.enqueue(...uploadTurns('browse files', 'button "browse files"', [{ name: 'agenda.md', content: '# Agenda\n1. Budget' }], 'Attached.'));
    await converse(e2e, tabId, 'Attach the agenda', 'Attached.');
    const files = await page.evaluate(() =>
      (window as unknown as { uppy: { getFiles(): Array<{ name: string; size: number; type: string }> } }).uppy.getFiles().map((f) => [f.name, f.size, f.type]),
    );
    expect(files).toEqual([['agenda.md', 18, 'text/markdown']]);
    const line = resultText(e2e.mock, 'tu_upload');
    expect(line.isError, line.text).toBe(false);
    expect(line.text).toMatch(/^Dropped 1 file \(agenda\.md, 18 bytes\)/);
    // Uppy lists the file and uploads it only on the person's click: no request, and the line says so.
    expect(line.text).toContain('a preview or entry naming "agenda.md" appeared');
    expect(line.text).toContain('no upload request was seen yet');
  });

  it('a file input hidden behind a styled button, and one behind its label, take files by the button’s and the label’s ref', async () => {
    const { page, tabId } = await e2e.open('/profile.html');
    e2e.mock.enqueue(
      callNext({ id: 'tu_search', name: 'tool_search', input: () => ({ query: 'upload file attach' }) }),
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({
        id: 'tu_cv',
        name: 'upload_file',
        input: (tree) => ({ ref: refIn(tree, 'button "Attach your CV"'), files: [{ name: 'cv.md', content: '# Sam Ortiz\nEngineer' }] }),
      }),
      callNext({
        id: 'tu_wrong',
        name: 'upload_file',
        input: () => ({ ref: refIn(resultText(e2e.mock, 'tu_read').text, 'Choose a photo'), files: [{ name: 'notes.txt', content: 'not a photo' }] }),
      }),
      callNext({
        id: 'tu_photo',
        name: 'upload_file',
        input: () => ({ ref: refIn(resultText(e2e.mock, 'tu_read').text, 'Choose a photo'), files: [{ screenshot: true, name: 'me.png' }] }),
      }),
      { text: 'Done.' },
    );
    const panel = await e2e.panel(tabId);
    // Only the visible tab of a window can be captured: show the page, as a person with the side panel would.
    await page.bringToFront();
    await send(panel, 'Attach my CV and a photo');
    await panel.getByText('Done.').waitFor();

    // The page's own state: each input holds its file, and its change handler ran.
    const held = await page.evaluate(() =>
      ['cv', 'photo'].map((id) => Array.from((document.getElementById(id) as HTMLInputElement).files ?? []).map((file) => [file.name, file.type, file.size])),
    );
    expect(held[0]).toEqual([['cv.md', 'text/markdown', 20]]);
    expect(held[1]?.[0]?.slice(0, 2)).toEqual(['me.png', 'image/png']);
    const pngHead = await page.evaluate(async () => {
      const file = (document.getElementById('photo') as HTMLInputElement).files?.[0];
      return file ? Array.from(new Uint8Array(await file.slice(0, 4).arrayBuffer())) : [];
    });
    expect(pngHead).toEqual([0x89, 0x50, 0x4e, 0x47]); // a real PNG of the tab
    expect(await page.locator('#chosen li').allTextContents()).toEqual(['cv: cv.md (20 bytes)', expect.stringMatching(/^photo: me\.png \(\d+ bytes\)$/)]);

    const cv = resultText(e2e.mock, 'tu_cv');
    expect(cv.isError, cv.text).toBe(false);
    expect(cv.text).toMatch(/^Put 1 file \(cv\.md, 20 bytes\) into the file input behind button "Attach your CV"/);
    expect(cv.text).toContain('the input holds cv.md');
    expect(cv.text).toContain('a preview or entry naming "cv.md" appeared ("cv: cv.md (20 bytes)")');
    // A text file for an image input is refused before anything is sent (the accept list is the input's).
    const wrong = resultText(e2e.mock, 'tu_wrong');
    expect(wrong.isError).toBe(true);
    expect(wrong.text).toContain('FILE_TYPE_NOT_ACCEPTED');
    expect(resultText(e2e.mock, 'tu_photo').text).toContain('the input holds me.png');
  });

  it('a file carrying another site’s data asks even under an allow rule, showing names, size, first lines and the data; denied, nothing is dropped', async () => {
    const other = await e2e.open(`${e2e.fixtures.url.replace('127.0.0.1', 'localhost')}/statement.html`);
    const { page, tabId } = await e2e.open('/expenses.html');
    await page.locator('.dz-button').waitFor();
    received.length = 0;
    e2e.mock.enqueue(
      callNext({ id: 'tu_read', name: 'get_page_text', input: () => ({ tab_id: other.tabId }) }),
      callNext({ id: 'tu_search', name: 'tool_search', input: () => ({ query: 'upload file attach' }) }),
      callNext({ id: 'tu_find', name: 'find', input: () => ({ query: 'Drop files here' }) }),
      callNext({
        id: 'tu_leak',
        name: 'upload_file',
        input: (found) => ({
          ref: refIn(found, 'button "Drop files here to upload"'),
          files: [{ name: 'statement.txt', content: 'Statement\nAccount RC-4821-7730, balance 12,440.17 EUR.' }],
        }),
      }),
      { text: 'Stopped.' },
    );
    const panel = await e2e.panel(tabId);
    await panel.setViewportSize({ width: 400, height: 800 });
    await send(panel, 'Upload my statement as the receipt');
    const dialog = panel.locator('[role="dialog"]');
    await dialog.waitFor();
    await dialog.getByText('Details').click();
    // What a person reads at 400 px (UPLOAD_PROMPT_PNG names a file to look at it).
    if (process.env['UPLOAD_PROMPT_PNG']) await panel.screenshot({ path: process.env['UPLOAD_PROMPT_PNG'] });
    expect(await dialog.getAttribute('data-tool-name')).toBe('upload_file');
    expect(await dialog.getAttribute('class')).toContain('destructive');
    const shown = ((await dialog.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(shown).toContain('statement.txt (54 bytes)');
    expect(shown).toContain('Statement ⏎ Account RC-4821-7730');
    expect(shown).toContain('localhost');
    await dialog.getByRole('button', { name: 'Deny', exact: true }).click();
    await panel.getByText('Stopped.', { exact: true }).waitFor();
    // Denied: the app holds nothing and nothing reached the server.
    expect(await page.evaluate(() => (window as unknown as { dz: { files: unknown[] } }).dz.files.length)).toBe(0);
    expect(received).toEqual([]);
    expect(resultText(e2e.mock, 'tu_leak').text).toContain('PERMISSION_DENIED');
  });
});
