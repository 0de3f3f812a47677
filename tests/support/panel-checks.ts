/**
 * What a person's panel must never do, checked in the page: overflow its width, clip text in the
 * activity list, show a ref (`e12`, `f1e3`) outside the toggles that hold what the agent got, or fail
 * axe-core's serious and critical rules. Each check returns what it found, so a failure names the element.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** Elements wider than the panel (or reaching past its right edge), described for the failure message. */
export async function horizontalOverflow(panel: Page): Promise<string[]> {
  return panel.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} «${(element.textContent ?? '').trim().slice(0, 40)}»`;
    if (document.documentElement.scrollWidth > width) found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Inside a box that scrolls on its own (a <pre>, the image viewer), wide content is expected.
      const scroller = element.parentElement?.closest('pre, .image-viewer-body');
      if (scroller) continue;
      if (box.right > width + 0.5 || box.left < -0.5) found.push(`${describe(element)} spans ${Math.round(box.left)}–${Math.round(box.right)} of ${width}`);
    }
    // Text cut off inside an activity card (no ellipsis, no hidden overflow).
    for (const element of document.querySelectorAll('.activity-card, .activity-card *')) {
      if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible') found.push(`${describe(element)} clips its text`);
    }
    return found;
  });
}

/** Text the person sees that carries a ref, outside the raw-output toggles (and outside code the page cannot reach). */
export async function refsShown(panel: Page): Promise<string[]> {
  return panel.evaluate(() => {
    const pattern = /\bf\d+e\d+\b|\be\d+\b/;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (!pattern.test(text)) continue;
      if (node.parentElement?.closest('.raw-output')) continue;
      found.push(text.trim().slice(0, 120));
    }
    return found;
  });
}

/** A control without an accessible name: Playwright's own reading of the accessibility tree. */
export async function unnamedControls(panel: Page): Promise<string[]> {
  return panel.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('button, input, select, textarea, summary, a[href]')) {
      if (element.offsetParent === null && getComputedStyle(element).position !== 'fixed') continue;
      const labelled =
        element.getAttribute('aria-label') ||
        element.getAttribute('aria-labelledby') ||
        ('labels' in element && (element as HTMLInputElement).labels?.length) ||
        (element.textContent ?? '').trim() ||
        element.getAttribute('title') ||
        (element.querySelector('img')?.getAttribute('alt') ?? '');
      if (!labelled) found.push(element.outerHTML.slice(0, 120));
    }
    return found;
  });
}

const axeSource = () => readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page as it is. */
export async function seriousAxeViolations(panel: Page): Promise<string[]> {
  // Evaluated over the DevTools Protocol, which the extension page's CSP (script-src 'self') does not restrict.
  if (!(await panel.evaluate(() => 'axe' in window))) await panel.evaluate(axeSource());
  return panel.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: Array<{ id: string; impact?: string; nodes: Array<{ target: unknown[] }>; help: string }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
            .map((node) => JSON.stringify(node.target))
            .slice(0, 3)
            .join(', ')}`,
      );
  });
}
