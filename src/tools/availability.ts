/**
 * When a tool can work in a run, for `isEnabled`: a tool that cannot work now is not offered to the model
 * at all, rather than offered and failing with NO_BROWSER or NO_TAB. Without a context (the pool is being
 * built, before any run) the answer is whether it could work at all.
 */
import type { ToolUseContext } from '../runtime/context.js';

/** Page tools need a browser and a tab to act on (a run bound to no tab gets them once it opens or switches to one). */
export const pageToolEnabled = (context: ToolUseContext | undefined): boolean =>
  context === undefined || (context.browser !== undefined && context.currentTabId !== undefined);

/** Tab tools and downloads need a browser. */
export const browserToolEnabled = (context: ToolUseContext | undefined): boolean => context === undefined || context.browser !== undefined;

/** Memory tools need the memory store. */
export const memoryToolEnabled = (context: ToolUseContext | undefined): boolean => context === undefined || context.memory !== undefined;

/** Dialog answering goes through the browser's DevTools Protocol port: a page tool that also needs it. */
export const dialogToolEnabled = (context: ToolUseContext | undefined): boolean =>
  context === undefined || (pageToolEnabled(context) && context.browser?.input !== undefined);

/** The developer tools read the DevTools Protocol through the browser's port: page tools that also need it. */
export const devtoolsToolEnabled = (context: ToolUseContext | undefined): boolean =>
  context === undefined || (pageToolEnabled(context) && context.browser?.devtools !== undefined);
