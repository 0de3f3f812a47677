/**
 * The tool pool: which tools a run has, in which order, how each is looked up and sent, and which of
 * them the model sees with their schemas. Principle 5 ("show the model only what it needs") lives here:
 * a stable pool order so the prompt prefix caches, and deferred tools the model finds with `tool_search`.
 *
 * The runtime never imports the concrete tools: the extension gives it its list (`src/tools/index.ts`).
 */
import { z } from 'zod';
import type { AppState, ToolUseContext } from './context.js';
import { safely } from './errors.js';
import type { JsonSchema, ToolSpec } from './model/types.js';
import type { PermissionContext } from './permission-types.js';
import { parseRule } from './permissions.js';
import type { AnyTool, Tools } from './tool.js';

/** The name of the tool that loads deferred tools (it declares `alwaysLoad`, so it is never deferred itself). */
export const TOOL_SEARCH_NAME = 'tool_search';

/**
 * The tool a model named, by name then by alias. Aliases are the names other browser agents give the same
 * tool (Playwright MCP's `browser_navigate`, browser-use's `go_to_url`, `input_text`, `send_keys`…), which
 * models trained on them reach for; the call then runs as the tool's own. Own-property safe: the model's string is only ever
 * compared with `===` against tool names, never used as a key of an object, so `__proto__` or
 * `constructor` can only match a tool that is really called that.
 */
export function findToolByName(tools: Tools, name: string): AnyTool | undefined {
  if (typeof name !== 'string') return undefined;
  return tools.find((tool) => tool.name === name) ?? tools.find((tool) => tool.aliases.includes(name));
}

/** Deferred tools are named to the model but sent without schemas until `tool_search` loads them. */
export function isDeferredTool(tool: AnyTool): boolean {
  if (tool.alwaysLoad) return false;
  return tool.isExternal || tool.shouldDefer;
}

/** True when the model may call this tool now: not deferred, or already found by `tool_search`. */
export function isToolLoaded(tool: AnyTool, appState: AppState): boolean {
  return !isDeferredTool(tool) || appState.discoveredTools.includes(tool.name);
}

/**
 * `z.number().int()` says "a safe integer" as bounds of ±9007199254740991: true, but 40 bytes in every request
 * that tell a model nothing. The executor still enforces them.
 */
function dropSafeIntegerBounds({ jsonSchema }: { jsonSchema: Record<string, unknown> }): void {
  if (jsonSchema['maximum'] === Number.MAX_SAFE_INTEGER) delete jsonSchema['maximum'];
  if (jsonSchema['minimum'] === Number.MIN_SAFE_INTEGER) delete jsonSchema['minimum'];
}

// Schemas are converted once per tool object: cheaper, and the same object always yields the same bytes.
const specCache = new WeakMap<AnyTool, ToolSpec>();

/** The spec one tool is sent with: its prompt and the JSON Schema of what it accepts. */
export function toolSpec(tool: AnyTool): ToolSpec {
  const cached = specCache.get(tool);
  if (cached) return cached;
  const { $schema: _ignored, ...schema } = z.toJSONSchema(tool.inputSchema, {
    io: 'input',
    unrepresentable: 'any',
    override: dropSafeIntegerBounds,
  }) as JsonSchema;
  // The executor rejects unknown top-level keys of plain zod objects; say so up front.
  if (tool.inputSchema instanceof z.ZodObject && tool.inputSchema._zod.def.catchall === undefined) schema['additionalProperties'] = false;
  const spec: ToolSpec = { name: tool.name, description: tool.prompt, input_schema: schema };
  specCache.set(tool, spec);
  return spec;
}

/** Options for `buildToolPool`. */
export interface ToolPoolOptions {
  /** Keep only the tools that declare `inSimpleMode`. */
  simpleMode?: boolean;
}

/**
 * The pool a run uses: the extension's built-in tools and any external ones, each filtered by
 * `filterTools`, in pool order (see `assembleToolPool`).
 */
export function buildToolPool(builtIns: Tools, external: Tools, permissionContext: PermissionContext, options: ToolPoolOptions = {}): Tools {
  const simple = options.simpleMode === true;
  return assembleToolPool(filterTools(builtIns, permissionContext, simple), filterTools(external, permissionContext, simple));
}

/**
 * The tools of `all` this run may use. Simple mode keeps only the tools that declare `inSimpleMode`;
 * then three filters in this order:
 * 1. blanket deny rules (`click`, not `click(*.bank.com)`) remove the tool, so the model never sees it;
 * 2. the mode: `read-only` hides tools that can never be read-only;
 * 3. `isEnabled`.
 */
export function filterTools(all: Tools, permissionContext: PermissionContext, simpleMode = false): Tools {
  const tools = simpleMode ? all.filter((tool) => tool.inSimpleMode) : all;
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
  return safely(() => tool.isReadOnly({}) === true, false); // fail closed: a tool that cannot answer is not shown in read-only mode
}

const safeIsEnabled = (tool: AnyTool, context?: ToolUseContext): boolean => safely(() => tool.isEnabled(context), false);

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
export function toolSpecsForRequest(tools: Tools, appState: AppState, context?: ToolUseContext): ToolSpec[] {
  // With the run's context, a tool that cannot work now (no browser, no tab) is not offered.
  const enabled = context ? tools.filter((tool) => safeIsEnabled(tool, context)) : tools;
  const specs = enabled.filter((tool) => !isDeferredTool(tool)).map(toolSpec);
  const seen = new Set(specs.map((spec) => spec.name));
  for (const name of appState.discoveredTools) {
    const tool = enabled.find((candidate) => candidate.name === name);
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
export function deferredToolsPromptSection(tools: Tools): string {
  const deferred = tools.filter(isDeferredTool);
  if (deferred.length === 0) return '';
  const lines = deferred.map((tool) => (tool.searchHint ? `- ${tool.name}: ${tool.searchHint}` : `- ${tool.name}`));
  return [
    '# More tools',
    `These tools exist but are not loaded yet. To use one, first call ${TOOL_SEARCH_NAME} with "select:<name>" (or keywords to search); it is then available for the rest of the run.`,
    ...lines,
  ].join('\n');
}
