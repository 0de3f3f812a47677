/** The path of a drag, shared by the trusted drag (the worker) and the synthetic one (the content script). */

/** How long the button is held before the first move: libraries with a press delay (touch-style sorting) start after it. */
export const DRAG_HOLD_MS = 120;
/** Default number of moves between source and target. */
export const DEFAULT_DRAG_STEPS = 10;

/** The points of the path: two short moves first (past every library's start threshold), then even steps to the target. */
export function dragPath(from: { x: number; y: number }, to: { x: number; y: number }, steps: number): Array<{ x: number; y: number }> {
  const path: Array<{ x: number; y: number }> = [];
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy) || 1;
  for (const nudge of [3, 8]) if (length > nudge * 2) path.push({ x: from.x + (dx / length) * nudge, y: from.y + (dy / length) * nudge });
  for (let i = 1; i <= steps; i++) path.push({ x: from.x + (dx * i) / steps, y: from.y + (dy * i) / steps });
  return path;
}
