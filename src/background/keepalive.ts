/**
 * Keeps the service worker alive while a run is active, the supported way: since Chrome 110 every
 * extension API call resets the worker's idle timer, so a cheap call every 20 s (under the 30 s idle
 * limit) holds it while work is in progress. An open side-panel port does the same (Chrome 114+), but
 * runs also happen without a panel (context menus, `npm start -- --task`). Released when runs end,
 * so an idle extension costs nothing.
 */
/** Under the 30 s idle limit. */
export const PING_INTERVAL_MS = 20_000;

/** Counts holders; calls `ping` (a cheap extension API call) every 20 s while any holds it. */
export function createKeepAlive(ping: () => Promise<unknown>) {
  let holders = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    /** Holds the worker alive until the returned release is called (idempotent). */
    acquire(): () => void {
      holders++;
      timer ??= setInterval(() => void ping().catch(() => undefined), PING_INTERVAL_MS);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holders--;
        if (holders === 0 && timer !== undefined) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    get holders() {
      return holders;
    },
  };
}

export type KeepAlive = ReturnType<typeof createKeepAlive>;
