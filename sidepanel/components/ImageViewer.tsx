/** An image at full size over the panel (a screenshot's thumbnail opens it): scrollable, Close or Escape shuts it. */
import { createPortal } from 'preact/compat';
import { useRef } from 'preact/hooks';
import { useFocusTrap } from './focus-trap.js';

/** The viewer; rendered into the body so it sits above everything, like the permission prompt. */
export function ImageViewer({ src, label, onClose }: { src: string; label: string; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useFocusTrap(ref, src, { initial: () => close.current, onEscape: onClose });
  return createPortal(
    <div class="dialog-backdrop image-backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={ref} class="image-viewer" role="dialog" aria-modal="true" aria-label={label}>
        <div class="image-viewer-bar">
          <span class="image-viewer-title">{label}</span>
          <button ref={close} type="button" onClick={onClose}>
            Close
          </button>
        </div>
        {/* Scrolls both ways at full size; focusable so the arrow keys scroll it too. */}
        <div class="image-viewer-body" tabIndex={0} aria-label={`${label}, full size`}>
          <img src={src} alt={label} />
        </div>
      </div>
    </div>,
    document.body,
  );
}
