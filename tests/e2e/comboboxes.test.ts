/**
 * Custom comboboxes nobody here wrote (Choices.js, from npm, served offline): a single select and a
 * multiple select, each a text box and a popup list over a hidden native select the library keeps in
 * sync. The scripted model reads the page and chooses options by their visible names with
 * select_option; the test checks Choices' own state (getValue and the hidden select's value) and the
 * words the model got. Tom Select and Select2 (served from node_modules too) put their widget beside the
 * select rather than around it: the same picks, checked against each library's own API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { converse, useExtension } from '../support/e2e.js';
import { startFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { callNext, resultText } from '../support/model-results.js';
import { refIn } from '../support/tree-lines.js';

/** A form with a single select (Country) and a multiple one (Reviewers), for each library to dress. */
const FORM = `<form onsubmit="return false"><label for="country">Country</label>
<select id="country" name="country"><option value="">Choose a country</option><option value="de">Germany</option><option value="jp">Japan</option><option value="br">Brazil</option><option value="ke">Kenya</option></select>
<label for="reviewers">Reviewers</label>
<select id="reviewers" name="reviewers" multiple><option value="priya" selected>Priya Raman</option><option value="jonas">Jonas Berg</option><option value="amara">Amara Okafor</option><option value="li">Li Wei</option></select>
<button type="submit">Send</button></form>`;

/** Choices' own files and the form. */
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Review request</title>
<link rel="stylesheet" href="./styles/choices.min.css"></head><body><h1>Review request</h1>
${FORM}
<script src="./scripts/choices.min.js"></script>
<script>
window.country = new Choices('#country', { shouldSort: false, itemSelectText: '' });
window.reviewers = new Choices('#reviewers', { removeItemButton: true, itemSelectText: '' });
document.body.dataset.ready = 'yes';
</script></body></html>`;

type ChoicesWindow = Window & Record<'country' | 'reviewers', { getValue(valueOnly: true): string | string[] }>;

describe('custom comboboxes (Choices.js), driven by the scripted model', () => {
  const e2e = useExtension({ mock: true });
  let server: FixtureServer;

  beforeAll(async () => {
    server = await startFixtureServer('node_modules/choices.js/public/assets', (_req, res, pathname) => {
      if (pathname !== '/' && pathname !== '/index.html') return false;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      return true;
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('chooses options by their visible names, through the widget also when given its hidden select, says what it sees when none matches, and takes a value off by the remove button of its chip', async () => {
    const { page, tabId } = await e2e.open(`${server.url}/`);
    await page.locator('body[data-ready="yes"] .choices').first().waitFor();
    const read = () => resultText(e2e.mock, 'cb_read').text;
    e2e.mock.enqueue(
      callNext({ id: 'cb_read', name: 'read_page', input: () => ({}) }),
      callNext({ id: 'cb_country', name: 'select_option', input: () => ({ ref: refIn(read(), 'combobox "Country" [ref='), values: ['Kenya'] }) }),
      callNext({ id: 'cb_jonas', name: 'select_option', input: () => ({ ref: refIn(read(), 'combobox "Reviewers" [ref='), values: ['Jonas Berg'] }) }),
      callNext({ id: 'cb_hidden', name: 'select_option', input: () => ({ ref: refIn(read(), 'listbox "Reviewers" [hidden'), values: ['Li Wei'] }) }),
      callNext({ id: 'cb_fill', name: 'fill_form', input: () => ({ fields: [{ ref: refIn(read(), 'combobox "Country" [hidden'), value: 'Japan' }] }) }),
      callNext({ id: 'cb_none', name: 'select_option', input: () => ({ ref: refIn(read(), 'combobox "Country" [ref='), values: ['Atlantis'] }) }),
      callNext({ id: 'cb_after', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      // Each chosen value's remove button has a ref of its own in the read: taking Priya off is one click.
      callNext({ id: 'cb_remove', name: 'click', input: () => ({ ref: refIn(resultText(e2e.mock, 'cb_after').text, 'button "Remove item: Priya Raman"') }) }),
      { text: 'Kenya is chosen and Jonas Berg and Li Wei review.' },
    );
    await converse(e2e, tabId, 'Choose Kenya, add Jonas Berg and Li Wei as reviewers and take Priya Raman off', 'Kenya is chosen');

    // Choices' own state, and the selects it keeps in sync.
    const state = await page.evaluate(() => {
      const w = window as unknown as ChoicesWindow;
      const reviewers = document.getElementById('reviewers') as HTMLSelectElement;
      return {
        country: w.country.getValue(true),
        countrySelect: (document.getElementById('country') as HTMLSelectElement).value,
        reviewers: w.reviewers.getValue(true),
        reviewersSelect: [...reviewers.selectedOptions].map((o) => o.value),
      };
    });
    expect(state).toEqual({ country: 'ke', countrySelect: 'ke', reviewers: ['jonas', 'li'], reviewersSelect: ['jonas', 'li'] });

    // The read: each widget named by its select's label, with the values it shows; each hidden select marked.
    expect(read()).toMatch(/- combobox "Country" \[ref=e\d+\]: Choose a country/);
    expect(read()).toMatch(/- combobox "Reviewers" \[ref=e\d+\]: Priya Raman\n/);
    const widget = refIn(read(), 'combobox "Reviewers" [ref=');
    expect(read()).toContain(`listbox "Reviewers" [hidden, mirrored by combobox ref=${widget}]`);

    // The words the model got: what each widget shows now, and the routing through the widget.
    for (const id of ['cb_country', 'cb_jonas', 'cb_hidden']) expect(resultText(e2e.mock, id).isError, resultText(e2e.mock, id).text).toBe(false);
    // Each pick names only what it changed, and its list closed as a person's pick closes it (the
    // multi-select's stays open for the next pick until Escape, which the pick sends): none of the
    // popup's options or chips coming and going is listed, nor a popup left expanded.
    const country = resultText(e2e.mock, 'cb_country').text;
    expect(country).toMatch(/^Chose "Kenya" in combobox "Country": it now shows "Kenya" \(it showed "Choose a country"\) \[trusted input\]\. Then: /);
    const jonas = resultText(e2e.mock, 'cb_jonas').text;
    // Choices keeps a multi-select's list open for the next pick: the Escape the pick sent closed it, and it says so.
    expect(jonas).toContain(
      'Chose "Jonas Berg" in combobox "Reviewers": added "Jonas Berg"; it now shows "Priya Raman", "Jonas Berg"; its list was still open after the pick: Escape closed it [trusted input].',
    );
    expect(resultText(e2e.mock, 'cb_hidden').text).toContain('added "Li Wei"; it now shows "Priya Raman", "Jonas Berg", "Li Wei"');
    for (const id of ['cb_country', 'cb_jonas', 'cb_hidden']) {
      const text = resultText(e2e.mock, id).text;
      expect(text).not.toMatch(/expanded|gained|lost|appeared|Remove item|stayed open|focus moved/);
    }
    expect(resultText(e2e.mock, 'cb_hidden').text).toContain(`chosen in the visible combobox ref=${widget}`);
    expect(resultText(e2e.mock, 'cb_hidden').text).toContain('now shows "Priya Raman", "Jonas Berg", "Li Wei"');
    // fill_form would set the hidden select by script behind the widget's back: refused, naming the widget.
    const countryRef = refIn(read(), 'combobox "Country" [ref=');
    expect(resultText(e2e.mock, 'cb_fill').text).toContain(`MIRRORED_SELECT`);
    expect(resultText(e2e.mock, 'cb_fill').text).toContain(`Use select_option with ref=${countryRef} (the visible combobox)`);
    const none = resultText(e2e.mock, 'cb_none');
    expect(none.isError).toBe(true);
    expect(none.text).toContain('OPTION_NOT_FOUND');
    const error = (JSON.parse(none.text) as { error: { message: string; options: string[] } }).error;
    expect(error.message).toMatch(
      /^No option named "Atlantis" appeared in the combobox: after typing "Atlantis" into it, it showed no options; opened, before typing, it showed 5 options \("Choose a country", "Germany", "Japan", "Brazil", "Kenya"\)\.$/,
    );
    expect(error.options).toEqual(['Choose a country', 'Germany', 'Japan', 'Brazil', 'Kenya']);
    // Escape closed the popup it had opened, and the choice stayed.
    expect(await page.locator('.choices[data-type="select-one"]').getAttribute('aria-expanded')).toBe('false');

    // An interactive read leaves the hidden selects out and shows the widgets' values.
    const after = resultText(e2e.mock, 'cb_after').text;
    expect(after).not.toContain('[hidden, mirrored');
    // The value, and the popup closed: the Escape after the missing option was waited for.
    expect(after).toMatch(/- combobox "Country" \[ref=e\d+\]: Kenya/);
    expect(after).toMatch(/- combobox "Reviewers" \[ref=e\d+\]: Priya Raman, Jonas Berg, Li Wei/);
    // A chosen value reads by its own name, its remove button on a line of its own; the click took it off.
    expect(after).toMatch(/- option "Priya Raman" \[selected\] \[ref=e\d+\]\n- button "Remove item: Priya Raman" \[ref=e\d+\]/);
    const removed = resultText(e2e.mock, 'cb_remove');
    expect(removed.isError, removed.text).toBe(false);
    // The click says what it took off the widget, by the chip's own name: not its chips and list redrawn,
    // whose text ran the chip's name and its button's words together ("Priya RamanRemove item").
    expect(removed.text).toContain(`Then: combobox "Reviewers" [ref=${widget}] took off "Priya Raman"; it now shows "Jonas Berg", "Li Wei"`);
    expect(removed.text).not.toMatch(/Remove item[^:]|RamanRemove|lost \d+ item|became/);
  });
});

/** Each library's page (its files served from node_modules), and how to ask the widget itself for its values. */
const LIBRARIES = {
  'Tom Select': {
    page: `<link rel="stylesheet" href="/tom-select/dist/css/tom-select.default.min.css"><h1>Review request</h1>${FORM}
<script src="/tom-select/dist/js/tom-select.complete.min.js"></script><script>
window.country = new TomSelect('#country', {});
window.reviewers = new TomSelect('#reviewers', { plugins: ['remove_button'] });
document.body.dataset.ready = 'yes';</script>`,
    remove: 'button "×"',
    values: () => {
      const w = window as unknown as Record<'country' | 'reviewers', { getValue(): string | string[] }>;
      return { country: w.country.getValue(), reviewers: w.reviewers.getValue() };
    },
  },
  Select2: {
    page: `<link rel="stylesheet" href="/select2/dist/css/select2.min.css"><h1>Review request</h1>${FORM}
<script src="/jquery/dist/jquery.min.js"></script><script src="/select2/dist/js/select2.min.js"></script><script>
$('#country').select2({ width: '300px' });
$('#reviewers').select2({ width: '300px' });
document.body.dataset.ready = 'yes';</script>`,
    remove: 'button "Remove item"',
    values: () => {
      const $ = (window as unknown as { $(selector: string): { val(): string | string[] } }).$;
      return { country: $('#country').val(), reviewers: $('#reviewers').val() };
    },
  },
} as const;

const slug = (library: string) => library.toLowerCase().replace(/\s+/g, '-');

describe('custom comboboxes beside their hidden select (Tom Select, Select2), driven by the scripted model', () => {
  const e2e = useExtension({ mock: true });
  let server: FixtureServer;

  beforeAll(async () => {
    server = await startFixtureServer('node_modules', (_req, res, pathname) => {
      const library = Object.entries(LIBRARIES).find(([name]) => pathname === `/${slug(name)}.html`)?.[1];
      if (!library) return false;
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Review request</title></head><body>${library.page}</body></html>`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      return true;
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  for (const [library, { values, remove }] of Object.entries(LIBRARIES)) {
    it(`${library}: a chip's remove button takes its value off without asking in auto mode (it deletes nothing), and the click says what it took off`, async () => {
      const { page, tabId } = await e2e.open(`${server.url}/${slug(library)}.html`);
      await page.locator('body[data-ready="yes"]').waitFor();
      e2e.mock.enqueue(
        callNext({ id: 'tc_read', name: 'read_page', input: () => ({}) }),
        callNext({ id: 'tc_remove', name: 'click', input: (tree) => ({ ref: refIn(tree, remove) }) }),
        { text: 'Priya Raman no longer reviews.' },
      );
      // In auto mode a destructive click asks: a prompt would hold the run, and these words would never come.
      await converse(e2e, tabId, 'Take Priya Raman off the reviewers', 'Priya Raman no longer reviews.');
      expect((await page.evaluate(values)).reviewers).toEqual([]);
      const removed = resultText(e2e.mock, 'tc_remove');
      expect(removed.isError, removed.text).toBe(false);
      expect(removed.text).toMatch(/Then: combobox "Reviewers" \[ref=e\d+\] took off "Priya Raman"; it now shows nothing/);
      expect(removed.text).not.toMatch(/gained|lost \d+ item|is gone|became/);
    });

    it(`${library}: reads each widget by its select's label with its values, marks the hidden select mirrored, and chooses options by their visible names`, async () => {
      const { page, tabId } = await e2e.open(`${server.url}/${slug(library)}.html`);
      await page.locator('body[data-ready="yes"]').waitFor();
      const read = () => resultText(e2e.mock, 'ts_read').text;
      e2e.mock.enqueue(
        callNext({ id: 'ts_read', name: 'read_page', input: () => ({}) }),
        callNext({ id: 'ts_country', name: 'select_option', input: () => ({ ref: refIn(read(), 'combobox "Country" [ref='), values: ['Kenya'] }) }),
        callNext({ id: 'ts_jonas', name: 'select_option', input: () => ({ ref: refIn(read(), 'combobox "Reviewers" [ref='), values: ['Jonas Berg'] }) }),
        callNext({ id: 'ts_hidden', name: 'select_option', input: () => ({ ref: refIn(read(), 'listbox "Reviewers" [hidden'), values: ['Li Wei'] }) }),
        callNext({ id: 'ts_after', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
        { text: 'Kenya is chosen and Jonas Berg and Li Wei review.' },
      );
      await converse(e2e, tabId, 'Choose Kenya and add Jonas Berg and Li Wei as reviewers', 'Kenya is chosen');

      // The widget's own state, and the select it keeps in sync.
      expect(await page.evaluate(values)).toEqual({ country: 'ke', reviewers: ['priya', 'jonas', 'li'] });
      const selects = await page.evaluate(() => ({
        country: (document.getElementById('country') as HTMLSelectElement).value,
        reviewers: [...(document.getElementById('reviewers') as HTMLSelectElement).selectedOptions].map((o) => o.value).sort(),
      }));
      expect(selects).toEqual({ country: 'ke', reviewers: ['jonas', 'li', 'priya'] });

      // The read: each widget by its select's label, with its values; each hidden select named and marked.
      expect(read()).toMatch(/- combobox "Country" \[ref=e\d+\]: Choose a country\n/);
      expect(read()).toMatch(/- combobox "Reviewers" \[ref=e\d+\]: Priya Raman\n/);
      const country = refIn(read(), 'combobox "Country" [ref=');
      const reviewers = refIn(read(), 'combobox "Reviewers" [ref=');
      expect(read()).toContain(`combobox "Country" [hidden, mirrored by combobox ref=${country}]`);
      expect(read()).toContain(`listbox "Reviewers" [hidden, mirrored by combobox ref=${reviewers}]`);

      // Each pick names what it changed, and none of the widget's chips, options or hidden select coming and going.
      for (const id of ['ts_country', 'ts_jonas', 'ts_hidden']) expect(resultText(e2e.mock, id).isError, resultText(e2e.mock, id).text).toBe(false);
      expect(resultText(e2e.mock, 'ts_country').text).toMatch(/^Chose "Kenya" in combobox "Country": it now shows "Kenya" \(it showed "Choose a country"\)/);
      expect(resultText(e2e.mock, 'ts_jonas').text).toContain(
        'Chose "Jonas Berg" in combobox "Reviewers": added "Jonas Berg"; it now shows "Priya Raman", "Jonas Berg"',
      );
      const hidden = resultText(e2e.mock, 'ts_hidden').text;
      expect(hidden).toContain(`chosen in the visible combobox ref=${reviewers}`);
      expect(hidden).toContain('added "Li Wei"; it now shows "Priya Raman", "Jonas Berg", "Li Wei"');
      for (const id of ['ts_country', 'ts_jonas', 'ts_hidden']) expect(resultText(e2e.mock, id).text).not.toMatch(/gained|lost|appeared|became|does not show/);

      // The values read back.
      const after = resultText(e2e.mock, 'ts_after').text;
      expect(after).toMatch(/- combobox "Country" \[ref=e\d+\]: Kenya\n/);
      expect(after).toMatch(/- combobox "Reviewers" \[ref=e\d+\]: Priya Raman, Jonas Berg, Li Wei\n/);
      expect(after).not.toContain('[hidden, mirrored');
    });
  }
});
