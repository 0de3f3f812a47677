/**
 * Test-only entry: exposes the content script's command handler on the page's window so Playwright
 * can drive it without the extension. Never part of dist/ (the real entry is src/content/index.ts,
 * which listens only to the extension).
 */
import { handlePageCommand } from '../../src/content/handler.js';

(globalThis as unknown as { __pagewrightTest: { handle: typeof handlePageCommand } }).__pagewrightTest = { handle: handlePageCommand };
