/**
 * A product tour from npm (driver.js, served offline from node_modules) laid over a page, as a real model met
 * Node-RED's welcome tour: a shade over the whole page (driver.js's is an SVG) beside the tour's popover. A
 * click behind the shade fails with ELEMENT_COVERED naming the popover and its buttons, not the shade (whose
 * ref leads nowhere); the popover's close button, read through that ref, ends the tour, and the click goes
 * through. Checked on driver.js's own state and the page's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useExtension } from '../support/e2e.js';
import { callNext, resultJson, resultText } from '../support/model-results.js';
import { send } from '../support/panel-driver.js';
import { refIn } from '../support/tree-lines.js';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Flows</title>
<link rel="stylesheet" href="/driver.js/dist/driver.css"><script src="/driver.js/dist/driver.js.iife.js"></script></head>
<body><h1 id="welcome">Welcome to the flow editor</h1>
<p>Build flows by wiring nodes together.</p>
<button id="save" type="button" style="margin-top:420px" onclick="document.querySelector('#saved').textContent = 'Saved'">Save flow</button>
<p id="saved"></p>
<script>
window.tour = window.driver.js.driver({
  showButtons: ['next', 'previous', 'close'],
  steps: [
    { element: '#welcome', popover: { title: 'Welcome!', description: 'This tour shows you around.' } },
    { popover: { title: 'Deploy', description: 'Deploy sends your flows to the runtime.' } },
  ],
});
tour.drive();
</script></body></html>`;

interface CoveredError {
  error: { code: string; message: string; suggestion: string; coverRef?: string; cover?: string };
}

describe('a product tour’s shade over the page', () => {
  const e2e = useExtension({
    fixtures: {
      root: 'node_modules',
      routes: (_req: IncomingMessage, res: ServerResponse, pathname: string) => {
        if (pathname !== '/flows.html') return false;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
        return true;
      },
    },
    mock: { rules: { allow: ['click'], ask: [], deny: [] } },
  });

  it('a click behind it names the tour’s popover and its buttons; closing the popover by that ref lets the click through', async () => {
    const { page, tabId } = await e2e.open('/flows.html');
    await page.locator('.driver-popover').waitFor();
    let saveRef = '';
    e2e.mock.enqueue(
      callNext({ id: 'tu_read', name: 'read_page', input: () => ({ filter: 'interactive' }) }),
      callNext({
        id: 'tu_save',
        name: 'click',
        input: (tree) => {
          saveRef = refIn(tree, 'button "Save flow"');
          return { ref: saveRef };
        },
      }),
      callNext({ id: 'tu_popover', name: 'read_page', input: (error) => ({ ref: (JSON.parse(error) as CoveredError).error.coverRef }) }),
      callNext({ id: 'tu_close', name: 'click', input: (popover) => ({ ref: refIn(popover, 'button "Close"') }) }),
      callNext({ id: 'tu_again', name: 'click', input: () => ({ ref: saveRef }) }),
      { text: 'Saved.' },
    );
    const panel = await e2e.panel(tabId);
    await page.bringToFront();
    await send(panel, 'Save the flow');
    await panel.getByText('Saved.').waitFor({ timeout: 60_000 });

    const { error } = resultJson<CoveredError>(e2e.mock, 'tu_save');
    expect(error.code).toBe('ELEMENT_COVERED');
    expect(error.cover).toBe('shade beside a dialog');
    expect(error.message).toMatch(/^button "Save flow" is covered by svg, a shade laid over the page while dialog "Welcome!" \[ref=e\d+\] is open/);
    // Its buttons a person can press: not "Previous" on the tour's first step (disabled).
    expect(error.suggestion).toMatch(new RegExp(`^Answer or close ${error.coverRef} first \\(its buttons: "Close", "Next"; `));
    // The popover's ref reads as the popover: its close button is listed there.
    expect(resultText(e2e.mock, 'tu_popover').text).toMatch(/button "Close" \[ref=e\d+\]/);
    expect(resultText(e2e.mock, 'tu_close').isError).toBe(false);
    expect(resultText(e2e.mock, 'tu_again').text).toMatch(/^Clicked button "Save flow" \[trusted input\]/);
    expect(await page.evaluate(() => (window as unknown as { tour: { isActive(): boolean } }).tour.isActive())).toBe(false);
    expect(await page.locator('#saved').textContent()).toBe('Saved');
  });

  it('a click at a point on the shade says it pressed the shade (not what shows through it), and the tour closing', async () => {
    const { page, tabId } = await e2e.open('/flows.html');
    await page.locator('.driver-popover').waitFor();
    // Where the Save button shows through the shade, as a model reads it off a screenshot.
    const box = (await page.locator('#save').boundingBox())!;
    const point = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
    e2e.mock.enqueue(callNext({ id: 'tu_point', name: 'click', input: () => point }), { text: 'Pressed.' });
    const panel = await e2e.panel(tabId);
    await page.bringToFront();
    await send(panel, 'Press Save');
    await panel.getByText('Pressed.').waitFor({ timeout: 60_000 });
    const line = resultText(e2e.mock, 'tu_point');
    expect(line.isError).toBe(false);
    expect(line.text).toMatch(
      new RegExp(`^Clicked a shade laid over the page at \\(${point.x}, ${point.y}\\) \\[trusted input\\]\\. Then: .*dialog "Welcome!`),
    );
    // driver.js closes its tour on a press on its overlay; the button under it was never pressed.
    expect(await page.evaluate(() => (window as unknown as { tour: { isActive(): boolean } }).tour.isActive())).toBe(false);
    expect(await page.locator('#saved').textContent()).toBe('');
  });
});
