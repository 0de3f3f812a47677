/// <reference types="vite/client" />
/**
 * The tool views, found by where they live: `sidepanel/tools/page/read-page.tsx` is the view of the tool
 * in `src/tools/page/read-page.ts` (file names are the tool names in kebab case), exported as `view`.
 * There is no list to keep: a view file beside its tool is the registration, and a test checks every
 * view file has its tool. Lookups use a Map, so a tool named `__proto__` gets the default view.
 */
import { defaultView } from './default.js';
import type { CompleteToolView, ToolView } from './types.js';

// Whole modules, not `import: 'view'`: a folder also holds parts its views share (action.tsx, tree.tsx).
const viewModules: Array<[path: string, view: ToolView]> = Object.entries(import.meta.glob<{ view?: ToolView }>('./*/*.tsx', { eager: true })).flatMap(
  ([path, module]) => (module.view ? [[path, module.view] as [string, ToolView]] : []),
);

/** The tool name a view file stands for: `./page/read-page.tsx` → `read_page`. */
export function toolNameOfViewFile(path: string): string {
  return (path.split('/').pop() ?? '').replace(/\.tsx$/, '').replace(/-/g, '_');
}

const views = new Map<string, ToolView>(viewModules.map(([path, view]) => [toolNameOfViewFile(path), view]));

/** The view files found, by tool name, with their paths (for the registry test). */
export const viewFiles = (): Array<{ name: string; path: string }> => viewModules.map(([path]) => ({ name: toolNameOfViewFile(path), path }));

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
