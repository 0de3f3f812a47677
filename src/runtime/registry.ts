/**
 * The tool pool: which tools a run has, in which order, and which of them the model sees with their
 * schemas. Principle 5 ("show the model only what it needs") lives here: a stable pool order so the
 * prompt prefix caches, and deferred tools the model finds with `tool_search`.
 */
import { builtInTools } from '../tools/index.js';
import type { AppState } from './context.js';
import type { ToolSpec } from './model/types.js';
import type { PermissionContext } from './permission-types.js';
import { parseRule } from './permissions.js';
import { isDeferredTool, TOOL_SEARCH_NAME, toolSpec } from './pool.js';
import type { AnyTool, Tools } from './tool.js';

export { findToolByName, isDeferredTool, isToolLoaded, TOOL_SEARCH_NAME, toolSpec } from './pool.js';

/**
 * The minimal core set exposed in simple mode: reading and acting on the current page, nothing that
 * manages tabs, files or memory. `read_result` stays because long results point the model at it.
 */
export const SIMPLE_MODE_TOOLS: ReadonlySet<string> = new Set([
  'read_page',
  'find',
  'get_page_text',
  'screenshot',
  'click',
  'type',
  'press_key',
  'handle_dialog',
  'scroll',
  'navigate',
  'read_result',
]);

/** Options for `getTools`: simple mode and feature gates (a gate that is off leaves its tools out entirely). */
export interface GetToolsOptions {
  simpleMode?: boolean;
  gates?: Record<string, boolean>;
}

/**
 * The built-in tools this run may use. Three filters in this order:
 * 1. blanket deny rules (`click`, not `click(*.bank.com)`) remove the tool, so the model never sees it;
 * 2. the mode: `read-only` hides tools that can never be read-only;
 * 3. `isEnabled`.
 * Returned in pool order (sorted by name).
 */
export function getTools(permissionContext: PermissionContext, options: GetToolsOptions = {}): Tools {
  const builtIns = filterTools(builtInTools(options.gates === undefined ? {} : { gates: options.gates }), permissionContext, options.simpleMode === true);
  return assembleToolPool(builtIns, []); // already in pool order; add external tools with assembleToolPool(getTools(...), external)
}

/** `getTools` over any list: simple mode, then the three filters in order. */
export function filterTools(all: Tools, permissionContext: PermissionContext, simpleMode = false): Tools {
  const tools = simpleMode ? all.filter((tool) => SIMPLE_MODE_TOOLS.has(tool.name) || tool.name === TOOL_SEARCH_NAME) : all;
  return tools
    .filter((tool) => !isBlanketDenied(tool, permissionContext))
    .filter((tool) => permissionContext.mode !== 'read-only' || canEverBeReadOnly(tool))
    .filter((tool) => safeIsEnabled(tool));
}

function isBlanketDenied(tool: AnyTool, permissionContext: PermissionContext): boolean {
  return permissionContext.rules.deny.some((rule) => {
    const parsed = parseRule(rule);
    return parsed !== undefined && parsed.pattern === undefined && parsed.toolMatches(tool.name);
  });
}

/**
 * Read-only-ness is judged per call, so the pool can only ask "could any call be read-only?". We ask
 * with an empty input: tools whose answer depends on the input should answer for the input that says
 * nothing. The per-call check in `permissions.ts` still refuses every non-read-only call in this mode.
 */
function canEverBeReadOnly(tool: AnyTool): boolean {
  try {
    return tool.isReadOnly({}) === true;
  } catch {
    return false; // fail closed: a tool that cannot answer is not shown in read-only mode
  }
}

function safeIsEnabled(tool: AnyTool): boolean {
  try {
    return tool.isEnabled(undefined);
  } catch {
    return false;
  }
}

/**
 * Built-ins sorted by name, then external tools sorted by name; on a name clash the built-in wins.
 *
 * Why this order: providers cache the request prefix (system prompt + tool specs). Sorting makes the
 * pool byte-identical between runs whatever order servers answered in, and putting built-ins first
 * means connecting or disconnecting an MCP server only changes the tail, so the built-in prefix still
 * hits the cache. Built-ins win a clash so an external server cannot shadow `click` or `navigate`.
 */
export function assembleToolPool(builtIns: Tools, external: Tools): Tools {
  const byName = (a: AnyTool, b: AnyTool) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const sortedBuiltIns = [...builtIns].sort(byName);
  const taken = new Set(sortedBuiltIns.map((tool) => tool.name));
  const sortedExternal = [...external].filter((tool) => !taken.has(tool.name)).sort(byName);
  return [...sortedBuiltIns, ...sortedExternal];
}

/**
 * The tools sent with a request: every non-deferred tool in pool order, then the deferred tools
 * `tool_search` found, in the order they were found. Appending keeps the earlier part of the request
 * byte-stable, so loading a tool mid-run does not invalidate the cached prefix.
 */
export function toolSpecsForRequest(tools: Tools, appState: AppState): ToolSpec[] {
  const specs = tools.filter((tool) => !isDeferredTool(tool)).map(toolSpec);
  const seen = new Set(specs.map((spec) => spec.name));
  for (const name of appState.discoveredTools) {
    const tool = tools.find((candidate) => candidate.name === name);
    if (!tool || seen.has(tool.name)) continue;
    seen.add(tool.name);
    specs.push(toolSpec(tool));
  }
  return specs;
}

/**
 * The system-prompt section naming the deferred tools ('' when there are none). It lists every deferred
 * tool, found or not, so it does not change during a run (the system prompt is part of the cached prefix).
 */
export function deferredToolsPromptSection(tools: Tools, _appState: AppState): string {
  const deferred = tools.filter(isDeferredTool);
  if (deferred.length === 0) return '';
  const lines = deferred.map((tool) => (tool.searchHint ? `- ${tool.name}: ${tool.searchHint}` : `- ${tool.name}`));
  return [
    '# More tools',
    `These tools exist but are not loaded yet. To use one, first call ${TOOL_SEARCH_NAME} with "select:<name>" (or keywords to search); it is then available for the rest of the run.`,
    ...lines,
  ].join('\n');
}
