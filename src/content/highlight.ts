/**
 * A short highlight so the person sees which element the agent acts on.
 *
 * Why this shape: the frame is drawn inside a *closed* shadow root on a bare host element, so page
 * scripts cannot read or restyle what is inside it (no extension-identifying markup, classes or
 * text), the host has `pointer-events: none` so it never takes a click or changes `elementFromPoint`,
 * and it is removed after ~600 ms. A page can still notice that a node was briefly added; the only way
 * to avoid even that would be drawing outside the page (the debugger overlay), which needs the
 * `debugger` permission and shows a warning bar, too high a price for a visual hint.
 */
const HIGHLIGHT_MS = 600;

/** Outlines the element's box for a moment. Never throws: a failed highlight must not fail the action. */
export function flashHighlight(element: Element): void {
  try {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) return;
    const host = document.createElement('div');
    host.style.cssText = 'all: initial; position: fixed; inset: 0; pointer-events: none; z-index: 2147483647;';
    const shadow = host.attachShadow({ mode: 'closed' });
    const box = document.createElement('div');
    box.style.cssText = [
      'position: fixed',
      `left: ${rect.left - 3}px`,
      `top: ${rect.top - 3}px`,
      `width: ${rect.width + 2}px`,
      `height: ${rect.height + 2}px`,
      'border: 2px solid #f59e0b',
      'border-radius: 4px',
      'background: rgba(245, 158, 11, 0.15)',
      'box-shadow: 0 0 0 4px rgba(245, 158, 11, 0.25)',
      'pointer-events: none',
      'transition: opacity 200ms ease-out',
    ].join(';');
    shadow.append(box);
    document.documentElement.append(host);
    setTimeout(() => {
      box.style.opacity = '0';
    }, HIGHLIGHT_MS - 200);
    setTimeout(() => host.remove(), HIGHLIGHT_MS);
  } catch {
    // Highlighting is a courtesy to the person; the action itself goes on.
  }
}
