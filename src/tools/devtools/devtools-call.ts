/** What the developer tools share: the DevTools port of the run's browser, and how their lines read. */
import type { DevToolsPort } from '../../runtime/devtools.js';
import type { ToolUseContext } from '../../runtime/context.js';
import { ToolError } from '../../runtime/errors.js';
import { requireBrowser } from '../page/page-call.js';

/** The browser's DevTools port, or DEVTOOLS_UNAVAILABLE. */
export function requireDevTools(context: ToolUseContext): DevToolsPort {
  const devtools = requireBrowser(context).devtools;
  if (!devtools) {
    throw new ToolError('DEVTOOLS_UNAVAILABLE', 'This browser gives Pagewright no developer data (console, network, scripts).', {
      suggestion: 'Use read_page, get_page_text or screenshot to see the page instead.',
    });
  }
  return devtools;
}

/** `10:02:03.123` in UTC, short enough for one line per entry. */
export const clock = (ms: number): string => new Date(ms).toISOString().slice(11, 23);

/** `12.3 KB`. */
export function bytes(size: number | undefined): string {
  if (size === undefined) return '?';
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}
