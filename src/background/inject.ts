/**
 * Where the built content script lives inside dist/ (see build/plugins.ts). The worker injects it on
 * demand into each frame it reads, with `scripting.executeScript({ files: [CONTENT_SCRIPT_PATH] })`
 * (see browser-bridge.ts); it is not web-accessible, so pages cannot probe for it.
 */
export const CONTENT_SCRIPT_PATH = 'content/index.js';
