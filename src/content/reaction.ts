/**
 * Giving the page its chance to react before an act is judged again. A pointer move reaches the page's
 * synchronous handlers before the browser answers the move; what a page does later — in an animation
 * frame, or through a CSS transition or animation — needs frames to show. So a re-check first waits
 * for the frames a page draws next, then for the finite motion running in the document, always
 * bounded: a hidden tab draws no frames, and a page may animate forever.
 */

/** Longest wait for one frame: a hidden tab draws none, a busy one draws late. */
export const FRAME_WAIT_MS = 50;
/** Longest wait for motion already running when the frames have passed (a panel sliding in, a hover transition). */
export const MOTION_WAIT_MS = 500;
/** Frames to wait: handlers that schedule work for the next frame. A change deferred longer lands after the check, when the press has already gone to the element, or in the instant before it, which the landing check after the press catches. */
export const REACTION_FRAMES = 1;

/** What an animation changes that can put something else under the pointer, or take the target away from it. */
const MOTION =
  /^(transform|translate|scale|rotate|left|top|right|bottom|inset.*|margin.*|padding.*|width|height|opacity|visibility|display|clip-path|clip|z-index|position|offset.*|all)$/;

/** Resolves at the next frame the page draws, or after FRAME_WAIT_MS when it draws none. */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, FRAME_WAIT_MS);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The properties an animation or transition changes. */
function animatedProperties(animation: Animation): string[] {
  const transition = (animation as Animation & { transitionProperty?: string }).transitionProperty;
  if (typeof transition === 'string') return [transition];
  const effect = animation.effect;
  if (!(effect instanceof KeyframeEffect)) return [];
  const names = new Set<string>();
  for (const frame of effect.getKeyframes()) {
    for (const key of Object.keys(frame)) if (!['offset', 'computedOffset', 'easing', 'composite'].includes(key)) names.add(key);
  }
  return [...names].map((name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
}

/** Running animations with an end that move or show and hide something. */
export function runningMotion(): Animation[] {
  return document.getAnimations().filter((animation) => {
    if (animation.playState !== 'running') return false;
    const end = animation.effect?.getComputedTiming().endTime;
    // What the pointer cannot hit cannot take a press (Pagewright's own highlight is such a thing).
    const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
    if (target && getComputedStyle(target).pointerEvents === 'none') return false;
    return typeof end === 'number' && Number.isFinite(end) && animatedProperties(animation).some((property) => MOTION.test(property));
  });
}

/** Waits for the page's reaction: REACTION_FRAMES frames, then the finite motion running then (bounded), then one more frame. */
export async function pageReacted(): Promise<void> {
  for (let frame = 0; frame < REACTION_FRAMES; frame++) await nextFrame();
  const motion = runningMotion();
  if (motion.length === 0) return;
  await Promise.race([Promise.allSettled(motion.map((animation) => animation.finished)), new Promise((done) => setTimeout(done, MOTION_WAIT_MS))]);
  // The frame after the end: styles an app sets when its transition ends are applied.
  await nextFrame();
}
