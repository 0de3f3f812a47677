/**
 * Looking tools up in a pool, and how each is sent. This module does not import the tool list, so
 * tools themselves (tool_search) and the executor can use it without an import cycle.
 */
import { z } from 'zod';
import type { AppState } from './context.js';
import type { JsonSchema, ToolSpec } from './model/types.js';
import type { AnyTool, Tools } from './tool.js';

/** The name of the tool that loads deferred tools; it is never deferred itself. */
export const TOOL_SEARCH_NAME = 'tool_search';

/**
 * The tool a model named, by name then by alias. Own-property safe: the model's string is only ever
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
  if (tool.isExternal) return true;
  if (tool.name === TOOL_SEARCH_NAME) return false;
  return tool.shouldDefer;
}

/** True when the model may call this tool now: not deferred, or already found by `tool_search`. */
export function isToolLoaded(tool: AnyTool, appState: AppState): boolean {
  return !isDeferredTool(tool) || appState.discoveredTools.includes(tool.name);
}

// Schemas are converted once per tool object: cheaper, and the same object always yields the same bytes.
const specCache = new WeakMap<AnyTool, ToolSpec>();

/** The spec one tool is sent with: its prompt and the JSON Schema of what it accepts. */
export function toolSpec(tool: AnyTool): ToolSpec {
  const cached = specCache.get(tool);
  if (cached) return cached;
  const { $schema: _ignored, ...schema } = z.toJSONSchema(tool.inputSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  // The executor rejects unknown top-level keys of plain zod objects; say so up front.
  if (tool.inputSchema instanceof z.ZodObject && tool.inputSchema._zod.def.catchall === undefined) schema['additionalProperties'] = false;
  const spec: ToolSpec = { name: tool.name, description: tool.prompt, input_schema: schema };
  specCache.set(tool, spec);
  return spec;
}
