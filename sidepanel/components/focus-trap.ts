/**
 * Keeps the keyboard inside a modal while it is open: focus moves in when it opens (to `initial`), Tab
 * and Shift+Tab cycle inside, Escape calls `onEscape`, and focus returns to where it was when it closes.
 * Shared by the permission prompt and the image viewer.
 */
import { useEffect, useRef } from 'preact/hooks';

const FOCUSABLE = 'button:not([disabled]), textarea, input, select, a[href], summary, [tabindex]:not([tabindex="-1"])';

/**
 * Where the focus was outside any modal, kept as it moves: by the time a modal's effect runs, the rest of
 * the panel is already inert and has dropped the focus, so it cannot be read then.
 */
let lastFocusedOutside: HTMLElement | undefined;
let watching = false;
function watchFocus(): void {
  if (watching) return;
  watching = true;
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof HTMLElement && !target.closest('[aria-modal="true"]')) lastFocusedOutside = target;
  });
}

/** Traps focus in `container` while `key` is defined; a new key (a new prompt) moves the focus again. */
export function useFocusTrap(
  container: { current: HTMLElement | null },
  key: unknown,
  options: { initial: () => HTMLElement | null | undefined; onEscape: () => void; fallback?: () => HTMLElement | null | undefined },
): void {
  if (typeof document !== 'undefined') watchFocus();
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    if (key === undefined) return undefined;
    const active = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : undefined;
    const previous = active && !container.current?.contains(active) ? active : lastFocusedOutside;
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
      // Back where the person was, if that can still take the focus (a Send button may be disabled by now).
      const back = previous?.isConnected && !(previous as HTMLButtonElement).disabled ? previous : latest.current.fallback?.();
      // After the modal is gone and the rest of the panel is no longer inert.
      if (back) setTimeout(() => back.focus(), 0);
    };
  }, [key]);
}
