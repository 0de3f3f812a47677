/**
 * The tool view registry, keyed by the model-facing tool name. A view fills in only the renderers it
 * needs; `viewFor` completes it from the default view. Lookups use a Map, so a tool named `__proto__`
 * or `constructor` gets the default view, not an object prototype.
 */
import { defaultView } from './default.js';
import { navigateView } from './navigate.js';
import { pageActionView } from './page-action.js';
import { findView, readPageView } from './page-tree.js';
import { screenshotView } from './screenshot.js';
import type { CompleteToolView, ToolView } from './types.js';
import { waitForView } from './wait-for.js';

const views = new Map<string, ToolView>([
  ['read_page', readPageView],
  ['find', findView],
  ['screenshot', screenshotView],
  ['click', pageActionView],
  ['type', pageActionView],
  ['fill_form', pageActionView],
  ['navigate', navigateView],
  ['wait_for', waitForView],
]);

/** The custom view of a tool, if it has one. */
export function customViewFor(toolName: string): ToolView | undefined {
  return views.get(toolName);
}

/** The complete view of a tool: its own renderers, the default view's for the rest. */
export function viewFor(toolName: string): CompleteToolView {
  const custom = views.get(toolName);
  if (!custom) return defaultView;
  return {
    call: custom.call ?? defaultView.call,
    result: custom.result ?? defaultView.result,
    progress: custom.progress ?? defaultView.progress,
    rejected: custom.rejected ?? defaultView.rejected,
    error: custom.error ?? defaultView.error,
    grouped: custom.grouped ?? defaultView.grouped,
  };
}

/** Names with a custom view (for the registry test). */
export const toolsWithCustomViews = (): string[] => [...views.keys()];
