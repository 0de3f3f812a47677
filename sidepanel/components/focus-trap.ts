/**
 * Keeps the keyboard inside a modal while it is open: focus moves in when it opens (to `initial`), Tab
 * and Shift+Tab cycle inside, Escape calls `onEscape`, and focus returns to where it was when it closes.
 * Shared by the permission prompt and the image viewer.
 */
import { useEffect, useRef } from 'preact/hooks';

const FOCUSABLE = 'button:not([disabled]), textarea, input, select, a[href], summary, [tabindex]:not([tabindex="-1"])';

/** Traps focus in `container` while `key` is defined; a new key (a new prompt) moves the focus again. */
export function useFocusTrap(
  container: { current: HTMLElement | null },
  key: unknown,
  options: { initial: () => HTMLElement | null | undefined; onEscape: () => void },
): void {
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    if (key === undefined) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    latest.current.initial()?.focus();
    // On the document, so Escape and the trap work wherever the focus is (even after a click on the backdrop).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        latest.current.onEscape();
        return;
      }
      if (event.key !== 'Tab' || !container.current) return;
      const focusables = [...container.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.offsetParent !== null);
      const first = focusables[0];
      const last = focusables.at(-1);
      if (!first || !last) return;
      const inside = container.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // Back where the person was, if that is still on the page.
      if (previous?.isConnected) previous.focus();
    };
  }, [key]);
}
