/**
 * Real apps nobody here wrote, installed from npm and served offline: an API documentation viewer
 * (swagger-ui-dist, on a small OpenAPI 3 spec whose server is the test's own) and a wiki (a single-file
 * TiddlyWiki built by its own CLI). For each, the scripted model does one task — every ref read from what
 * the extension returned — and the test checks the app's real state: what the page shows, what the local
 * endpoint received, what the wiki's store holds. The result lines are checked too: each says what the act did.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { converse, useExtension } from '../support/e2e.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { toolResultsOf, type MockModelServer } from '../support/mock-model-server.js';
import { callNext, resultText } from '../support/model-results.js';
import { driveTask } from '../support/panel-driver.js';
import { refIn } from '../support/tree-lines.js';

/** The spec: two operations on the test's own server (a relative server URL resolves against the spec's). */
const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Pet Clinic API', version: '1.0.0', description: 'Pets seen at the clinic.' },
  servers: [{ url: '/api' }],
  paths: {
    '/pets/{id}': {
      get: {
        operationId: 'getPetById',
        summary: 'Find a pet by id',
        tags: ['pets'],
        parameters: [{ name: 'id', in: 'path', required: true, description: 'The pet’s id', schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'The pet',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, species: { type: 'string' } } },
              },
            },
          },
          '404': { description: 'No such pet' },
        },
      },
    },
    // An operation whose one parameter is a choice: swagger-ui shows it as a select.
    '/weights': {
      get: {
        operationId: 'listWeights',
        summary: 'List weights in a unit',
        tags: ['pets'],
        parameters: [{ name: 'units', in: 'query', required: true, schema: { type: 'string', enum: ['grams', 'ounces'] } }],
        responses: { '204': { description: 'No content' } },
      },
    },
  },
};

/** swagger-ui-dist's own index page, initialised on the local spec. */
const VIEWER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pet Clinic API</title>
<link rel="stylesheet" href="./swagger-ui.css"></head><body><div id="swagger-ui"></div>
<script src="./swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: './openapi.json', dom_id: '#swagger-ui' });</script></body></html>`;

const PETS: Record<string, { id: number; name: string; species: string }> = {
  '7': { id: 7, name: 'Biscuit', species: 'tortoise' },
  '8': { id: 8, name: 'Pepper', species: 'parrot' },
};
/** Pets whose record the server answers slowly (ms): far longer than the page's DOM stays quiet while it waits. */
const SLOW: Record<string, number> = { '8': 1_500 };

/** Every result the model was sent, one line each (run with SHOW_RESULTS=1 to read them). */
function showResults(mock: MockModelServer): void {
  if (!process.env['SHOW_RESULTS']) return;
  for (const request of mock.requests) for (const r of toolResultsOf(request)) console.log(`${r.toolUseId}: ${r.text.replace(/\n/g, ' ⏎ ')}`);
}

/**
 * The model's steps to look a pet up in swagger-ui, every ref read from a result: find the operation, expand
 * it (which says the controls and the id field that appeared, with refs: no read is needed), try it out,
 * type the id, execute.
 */
function lookUpPet(mock: MockModelServer, id: string) {
  const refAfter = (toolUseId: string, line: string) => refIn(resultText(mock, toolUseId).text.replace(/; /g, '\n'), line);
  return [
    callNext({ id: 'tu_find_op', name: 'find', input: () => ({ query: 'Find a pet by id' }) }),
    callNext({ id: 'tu_expand', name: 'click', input: (found) => ({ ref: refIn(found, 'Find a pet by id"') }) }),
    callNext({ id: 'tu_try', name: 'click', input: () => ({ ref: refAfter('tu_expand', 'button "Try it out"') }) }),
    callNext({ id: 'tu_type', name: 'type', input: () => ({ ref: refAfter('tu_expand', 'textbox "id"'), text: id }) }),
    callNext({ id: 'tu_exec', name: 'click', input: () => ({ ref: refAfter('tu_try', 'button "Execute"') }) }),
  ];
}

describe('real apps from npm, driven by the scripted model', () => {
  const e2e = useExtension({ mock: true });
  let docs: FixtureServer;
  let wiki: FixtureServer;
  let wikiDir: string;
  const apiCalls: string[] = [];

  beforeAll(async () => {
    // The wiki's own CLI renders the empty edition to one HTML file, as a person would save it.
    wikiDir = mkdtempSync(join(tmpdir(), 'pagewright-wiki-'));
    execFileSync(process.execPath, [
      'node_modules/tiddlywiki/tiddlywiki.js',
      'node_modules/tiddlywiki/editions/empty',
      '--output',
      wikiDir,
      '--render',
      '$:/core/save/all',
      'empty.html',
      'text/plain',
    ]);
    [docs, wiki] = await Promise.all([
      startFixtureServer('node_modules/swagger-ui-dist', (req, res, pathname) => {
        if (pathname === '/' || pathname === '/index.html') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(VIEWER);
        else if (pathname === '/openapi.json') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(SPEC));
        else if (pathname.startsWith('/api/pets/')) {
          const id = pathname.slice('/api/pets/'.length);
          apiCalls.push(`${req.method ?? ''} ${id}`);
          const pet = PETS[id];
          const answer = () => res.writeHead(pet ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(pet ?? { error: `no pet ${id}` }));
          setTimeout(answer, SLOW[id] ?? 0);
        } else return false;
        return true;
      }),
      startFixtureServer(wikiDir),
    ]);
  });
  afterAll(async () => {
    await Promise.all([docs?.close(), wiki?.close()]);
    if (wikiDir) rmSync(wikiDir, { recursive: true, force: true });
  });

  it('API docs (swagger-ui): expand an operation, try it out with an id, execute, read the response', async () => {
    const { page, tabId } = await e2e.open(`${docs.url}/`);
    await page.locator('.opblock-summary').first().waitFor();
    e2e.mock.enqueue(
      ...lookUpPet(e2e.mock, '7'),
      callNext({ id: 'tu_response', name: 'find', input: () => ({ query: 'Response body' }) }),
      callNext({ id: 'tu_text', name: 'get_page_text', input: () => ({ main_content: false }) }),
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({}) }),
      { text: 'Pet 7 is Biscuit.' },
    );
    await converse(e2e, tabId, 'Look up pet 7 with the API docs', 'Pet 7 is Biscuit.');
    showResults(e2e.mock);

    // The app's real state: the local endpoint got the request, and the viewer shows its answer.
    expect(apiCalls).toEqual(['GET 7']);
    expect(await page.locator('.request-url pre').innerText()).toBe(`${docs.url}/api/pets/7`);
    const body = JSON.parse(await page.locator('.live-responses-table .highlight-code pre').innerText()) as unknown;
    expect(body).toEqual(PETS['7']);

    // What the model was told at each step.
    for (const id of ['tu_expand', 'tu_try', 'tu_type', 'tu_exec']) {
      expect(resultText(e2e.mock, id).isError, `${id}: ${resultText(e2e.mock, id).text}`).toBe(false);
      expect(resultText(e2e.mock, id).text, id).not.toContain('no visible change');
    }
    expect(resultText(e2e.mock, 'tu_expand').text).toMatch(/it is now expanded;.*button "Try it out" \[ref=e\d+\] appeared/);
    expect(resultText(e2e.mock, 'tu_try').text).toMatch(/it now reads "Cancel"/);
    expect(resultText(e2e.mock, 'tu_try').text).toMatch(/button "Execute" \[ref=e\d+\] appeared/);
    expect(resultText(e2e.mock, 'tu_expand').text).toMatch(/textbox "id" \[ref=e\d+\] appeared/);
    expect(resultText(e2e.mock, 'tu_try').text).not.toMatch(/button "Cancel" \[ref=e\d+\] appeared/);
    expect(resultText(e2e.mock, 'tu_type').text).toMatch(/its value is now "7"/);
    expect(resultText(e2e.mock, 'tu_exec').text).toMatch(/api\/pets\/7/);
    expect(resultText(e2e.mock, 'tu_exec').text).toMatch(/\\"id\\": 7, \\"name\\": \\"Bi/);
    // What the model reads afterwards holds the whole answer.
    expect(resultText(e2e.mock, 'tu_text').text).toMatch(/"name": "Biscuit",\s*"species": "tortoise"/);
    // swagger-ui puts zero-width spaces into the path of its arrow button's label (`get \u200b/pets\u200b/{id}`): the
    // name reads as a person's screen reader says it, no escapes.
    expect(await page.locator('.opblock-control-arrow').first().getAttribute('aria-label')).toBe('get \u200b/pets\u200b/{id}');
    const read = resultText(e2e.mock, 'tu_read').text;
    expect(read).toMatch(/- button "get \/pets\/\{id\}" \[expanded\] \[ref=e\d+\]/);
    expect(read).not.toMatch(/\\u200b|\u200b/);
    // Code samples keep their lines (`\n`): the response body as the viewer shows it, the curl command's continuation lines.
    expect(read).toContain('- code: {\\n  "id": 7,\\n  "name": "Biscuit",\\n  "species": "tortoise"\\n}');
    expect(read).toContain(`- code: curl -X 'GET' \\\\\\n  '${docs.url}/api/pets/7' \\\\\\n  -H 'accept: */*'`);
  });

  it('API docs (swagger-ui): an Execute the server answers slowly reports the answer, not only the request going out', async () => {
    const { page, tabId } = await e2e.open(`${docs.url}/`);
    await page.locator('.opblock-summary').first().waitFor();
    e2e.mock.enqueue(...lookUpPet(e2e.mock, '8'), { text: 'Pet 8 is Pepper.' });
    await converse(e2e, tabId, 'Look up pet 8 with the API docs', 'Pet 8 is Pepper.');
    showResults(e2e.mock);

    // The app's real state: the endpoint got the request and the viewer shows its answer.
    expect(apiCalls).toContain('GET 8');
    expect(JSON.parse(await page.locator('.live-responses-table .highlight-code pre').innerText())).toEqual(PETS['8']);
    // The click's settle waited for the request it set off: its result holds the answer the viewer drew.
    const executed = resultText(e2e.mock, 'tu_exec');
    expect(executed.isError, executed.text).toBe(false);
    expect(executed.text).toContain('[trusted input]');
    expect(executed.text).toMatch(/\\"id\\": 8, \\"name\\": \\"Pe/);
  });

  it('API docs (swagger-ui): a select that appears is named as a field with its value, though another unnamed select was there', async () => {
    const { page, tabId } = await e2e.open(`${docs.url}/`);
    await page.locator('.opblock-summary').first().waitFor();
    e2e.mock.enqueue(
      callNext({ id: 'tu_find_op', name: 'find', input: () => ({ query: 'List weights in a unit' }) }),
      callNext({ id: 'tu_expand', name: 'click', input: (found) => ({ ref: refIn(found, 'List weights in a unit"') }) }),
      { text: 'It asks for grams or ounces.' },
    );
    await converse(e2e, tabId, 'Which units does listing weights take?', 'It asks for grams or ounces.');
    showResults(e2e.mock);

    // The app's real state: the operation is open and shows its choice as a select.
    expect(await page.locator('.opblock.is-open select').count()).toBe(1);
    const expanded = resultText(e2e.mock, 'tu_expand').text;
    // The select that appeared is named, not the page's servers select that was there before (both unnamed).
    expect(expanded).toMatch(/combobox in "units[^;]*\[ref=e\d+\] appeared \(value "grams"\)/);
    expect(expanded).not.toContain('combobox in "Servers"');
  });

  it('wiki (TiddlyWiki): create a tiddler, type its title and body (the body editor is a frame), save it', async () => {
    const { page, tabId } = await e2e.open(`${wiki.url}/empty.html`);
    await page.locator('.tc-story-river').waitFor();
    e2e.mock.enqueue(
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({ id: 'tu_new', name: 'click', input: (tree) => ({ ref: refIn(tree, 'button "new tiddler"') }) }),
      // The click's result says where focus went: the title field of the new draft.
      callNext({
        id: 'tu_title',
        name: 'type',
        input: (clicked) => ({ ref: /focus moved to textbox[^[]*\[ref=(e\d+)\]/.exec(clicked)?.[1] ?? 'missing', text: 'Shopping list' }),
      }),
      callNext({ id: 'tu_read2', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      // The body editor is a textarea inside an iframe the wiki writes itself: its ref carries the frame's prefix.
      callNext({ id: 'tu_body', name: 'type', input: (tree) => ({ ref: refIn(tree, 'textbox "Type the text for this tiddler"'), text: 'Oat milk and tea' }) }),
      callNext({
        id: 'tu_save',
        name: 'click',
        input: () => ({ ref: refIn(resultText(e2e.mock, 'tu_read2').text, 'button "Confirm changes to this tiddler"') }),
      }),
      { text: 'Tiddler saved.' },
    );
    const panel = await e2e.panel(tabId);
    // "Confirm …" is one of the words of acts that cannot be undone, but "Confirm changes to this tiddler"
    // saves an edit (the saving-an-edit heuristic), so in auto mode nothing asks.
    const prompts = await driveTask(panel, 'Add a wiki page "Shopping list" that says Oat milk and tea', {
      decide: () => 'Allow once',
      finished: 'Tiddler saved.',
    });
    expect(prompts).toEqual([]);
    showResults(e2e.mock);

    // The app's real state: the tiddler in the wiki's store, no draft left, and the tiddler shown.
    const stored = await page.evaluate(() => {
      const tw = (
        window as unknown as {
          $tw: { wiki: { getTiddler(title: string): { fields: Record<string, unknown> } | undefined; filterTiddlers(filter: string): string[] } };
        }
      ).$tw;
      return { text: tw.wiki.getTiddler('Shopping list')?.fields['text'], drafts: tw.wiki.filterTiddlers('[has[draft.of]]') };
    });
    expect(stored).toEqual({ text: 'Oat milk and tea', drafts: [] });
    const shown = page.locator('.tc-tiddler-view-frame[data-tiddler-title="Shopping list"]');
    await expect.poll(() => shown.count()).toBe(1);
    expect(await shown.locator('.tc-tiddler-body').innerText()).toBe('Oat milk and tea');

    // What the model was told at each step.
    expect(refIn(resultText(e2e.mock, 'tu_read2').text, 'textbox "Type the text for this tiddler"')).toMatch(/^f\d+e\d+$/);
    for (const id of ['tu_new', 'tu_title', 'tu_body', 'tu_save']) {
      expect(resultText(e2e.mock, id).isError, `${id}: ${resultText(e2e.mock, id).text}`).toBe(false);
      expect(resultText(e2e.mock, id).text, id).toContain('[trusted input]');
      expect(resultText(e2e.mock, id).text, id).not.toContain('no visible change');
    }
    expect(resultText(e2e.mock, 'tu_new').text).toMatch(/focus moved to textbox[^;]*\(value "New Tiddler"\)/);
    expect(resultText(e2e.mock, 'tu_title').text).toMatch(/its value is now "Shopping list"/);
    expect(resultText(e2e.mock, 'tu_body').text).toMatch(/its value is now "Oat milk and tea"/);
    expect(resultText(e2e.mock, 'tu_save').text).toMatch(/appeared: "Shopping list.*Oat milk and tea"/);
  });
});
