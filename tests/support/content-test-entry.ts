/**
 * Test-only entry: exposes the content script's command handler on the page's window so Playwright
 * can drive it without the extension. Never part of dist/ (the real entry is src/content/index.ts,
 * which listens only to the extension). A command goes in the envelope the worker sends, through the
 * same `handlePageEnvelope` the real listener calls.
 */
import { PAGE_CHANNEL } from '../../src/shared/protocol/page.js';
import { handlePageEnvelope } from '../../src/content/handler.js';

const handle = (command: unknown) => handlePageEnvelope({ channel: PAGE_CHANNEL, command });
(globalThis as unknown as { __pagewrightTest: { handle: typeof handle } }).__pagewrightTest = { handle };
