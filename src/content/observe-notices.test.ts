/**
 * Notices away from an act's target (observe-notices.ts), in headless Chromium: a button in a long page
 * is pressed, and the page shows a toast, an alert, a tooltip or a menu elsewhere; what the act reports.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bundleSource, useUnitPage } from '../../tests/support/unit-page.js';

const ENTRY = `
import { finishObservation, startObservation } from './observe.js';
globalThis.__act = async (script) => {
  const { token } = startObservation(document.querySelector('#go'), '');
  new Function(script)();
  return (await finishObservation(token, 100, 3000)).changes;
};
`;

/** A page of over 20,000 characters, so the button's region is its section and not the page (as on Node-RED); the places notices go. */
const PAGE = `<main><p>${'Flows and their nodes. '.repeat(1000)}</p><section><button id="go">Deploy</button></section>
<p>${'More words about the editor. '.repeat(1000)}</p></main>
<div id="stack" style="position:absolute;top:1px;left:50%;z-index:100;width:300px"></div>
<div id="live" role="status"></div>
<div id="sr" aria-live="polite" style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)"></div>`;

let page: Page;
let bundle: string;
useUnitPage(async (opened) => {
  page = opened;
  bundle = await bundleSource(ENTRY, import.meta.dirname);
});

/** What an act reports that runs `script` (after `before` has shaped the page). */
async function act(script: string, before = ''): Promise<string[]> {
  await page.setContent(`<!doctype html><html><body>${PAGE}</body></html>`);
  await page.addScriptTag({ content: bundle });
  if (before) await page.evaluate(before);
  return page.evaluate((s) => (globalThis as unknown as { __act(s: string): Promise<string[]> }).__act(s), script);
}

describe('notices an act set off away from its target', () => {
  it('a toast in a positioned stack, with no ARIA at all (as Node-RED draws its own), is said with its words', async () => {
    const changes = await act(`const d = document.createElement('div'); d.className = 'notification';
      d.innerHTML = '<p>Successfully deployed</p>'; document.querySelector('#stack').append(d);`);
    expect(changes).toContain('notice "Successfully deployed" appeared');
  });

  it('words put into a live region, and a toast fixed to the viewport, are said', async () => {
    expect(await act(`document.querySelector('#live').textContent = '3 items saved';`)).toContain('notice "3 items saved" appeared');
    const fixed = await act(`const d = document.createElement('div'); d.style.cssText = 'position:fixed;bottom:0;right:0';
      d.innerHTML = 'Copied <button>Undo</button>'; document.body.append(d);`);
    expect(fixed).toContain('notice "Copied Undo" appeared');
  });

  it('text only a screen reader hears, a tooltip, a menu and a popup holding a field are no notices', async () => {
    expect((await act(`document.querySelector('#sr').textContent = 'Press ENTER to sort';`)).join('\n')).not.toContain('notice');
    const popups = await act(`const stack = document.querySelector('#stack');
      stack.insertAdjacentHTML('beforeend', '<div class="tox-tooltip">Bold (Ctrl+B)</div>');
      stack.insertAdjacentHTML('beforeend', '<div role="menu"><div role="menuitem">Export</div></div>');
      stack.insertAdjacentHTML('beforeend', '<div>Year <input value="2027"></div>');`);
    expect(popups.join('\n')).not.toContain('notice');
  });

  it('a bar always shown, fixed to the viewport, whose class the act toggles did not appear', async () => {
    const before = `const bar = document.createElement('div'); bar.id = 'bar'; bar.style.cssText = 'position:fixed;top:0;left:0';
      bar.textContent = 'Cart (2)'; document.body.append(bar);`;
    const changes = await act(`document.querySelector('#bar').classList.add('scrolled');`, before);
    expect(changes.join('\n')).not.toContain('notice');
  });

  it('a toast outside any positioned or live container is not taken for one (the region comparison speaks for text near the target)', async () => {
    const changes = await act(`document.querySelector('main').insertAdjacentHTML('beforeend', '<p>Saved at 10:42</p>');`);
    expect(changes.join('\n')).not.toContain('notice');
  });
});
