/**
 * The registry and the executor's results as MCP has them. Tools keep their names and schemas (the ones
 * the panel's model is sent); their annotations come from the tool's own safety facts. A finished call
 * becomes MCP content: text, images as image content, `structuredContent` when the tool's data is a JSON
 * object that was kept in full (an over-budget result stays stored, and the client gets the preview and
 * the `read_result` handle like the model would), errors as `isError` with the same {code, message,
 * suggestion}. MCP metadata rides in `_meta` (the seed's `mcpMeta`): who allowed the call, the stored id.
 */
import type { ToolUseContext } from '../../runtime/context.js';
import type { AgentEvent } from '../../runtime/events.js';
import { TOOL_SEARCH_NAME, toolSpec } from '../../runtime/registry.js';
import type { AnyTool, Tools } from '../../runtime/tool.js';
import { allowedByText } from '../../shared/activity.js';

/** Tools an outside session is not given: the helper agent runs on the run's own model (there is none here), and the client already has every schema. */
const NOT_FOR_OUTSIDE_SESSIONS = new Set(['agent', TOOL_SEARCH_NAME]);

/** The built-in tools of a pool an outside session may call (MCP servers the person added stay the panel's). */
export function toolsForOutsideSessions(pool: Tools): Tools {
  return pool.filter((tool) => !tool.isExternal && !NOT_FOR_OUTSIDE_SESSIONS.has(tool.name));
}

/** MCP tool annotations. */
export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  openWorldHint: boolean;
}

const safely = (read: () => unknown): unknown => {
  try {
    return read();
  } catch {
    return undefined;
  }
};

/** A method that takes no arguments answers the same for every call; one that reads its input judges per call. */
const judgesPerCall = (method: (...args: never[]) => unknown) => method.length > 0;

/** A context with no browser: a tool that is not enabled in it acts on pages or tabs (the open world). */
const NO_BROWSER = { memory: {}, browser: undefined, currentTabId: undefined } as unknown as ToolUseContext;

/**
 * The annotations of one tool, conservative where the tool judges per call: read-only only when it is
 * read-only for every input; destructive unless it is never destructive and has no judgement of its own
 * (a click is judged by what it clicks, so it may be destructive).
 */
export function toolAnnotations(tool: AnyTool): ToolAnnotations {
  const readOnly = !judgesPerCall(tool.isReadOnly) && safely(() => tool.isReadOnly({})) === true;
  const mayDestroy = judgesPerCall(tool.isDestructive) || judgesPerCall(tool.checkPermissions) || safely(() => tool.isDestructive({})) !== false;
  return {
    title: tool.name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && mayDestroy,
    openWorldHint: safely(() => tool.isEnabled(NO_BROWSER)) !== true,
  };
}

/** `tools/list`: the tools with their schemas and annotations, in pool order. */
export function mcpToolList(tools: Tools): {
  tools: Array<{ name: string; description: string; inputSchema: Record<string, unknown>; annotations: ToolAnnotations }>;
} {
  return {
    tools: tools.map((tool) => {
      const spec = toolSpec(tool);
      return { name: spec.name, description: spec.description, inputSchema: { type: 'object', ...spec.input_schema }, annotations: toolAnnotations(tool) };
    }),
  };
}

type Finished = Extract<AgentEvent, { type: 'tool_call_finished' }>;

type McpContent = { type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string };

/** The seed's `mcpMeta`: what rides beside the content. */
export interface McpMeta {
  structuredContent?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The error payload a failed call's text carries (`{"error": {...}}`), for `structuredContent`. */
function errorPayload(content: Finished['content']): Record<string, unknown> | undefined {
  const text = content.find((block) => block.type === 'text');
  if (!text || text.type !== 'text') return undefined;
  try {
    const parsed = JSON.parse(text.text) as unknown;
    return isPlainObject(parsed) && isPlainObject(parsed['error']) ? { error: parsed['error'] } : undefined;
  } catch {
    return undefined;
  }
}

/** The metadata of a finished call. */
export function mcpMetaOf(event: Finished): McpMeta {
  const structured = event.isError ? errorPayload(event.content) : event.persisted === undefined && isPlainObject(event.output) ? event.output : undefined;
  const meta: Record<string, unknown> = {};
  if (event.permission && event.permission.type !== 'no_ui') meta['dev.pagewright/allowedBy'] = allowedByText(event.permission).allowedBy;
  if (event.persisted?.storedId) meta['dev.pagewright/storedId'] = event.persisted.storedId;
  return { ...(structured ? { structuredContent: structured } : {}), ...(Object.keys(meta).length > 0 ? { _meta: meta } : {}) };
}

/** `tools/call`'s result for a finished call. */
export function mcpCallResult(event: Finished): { content: McpContent[]; isError: boolean } & McpMeta {
  const blocks = [...event.content, ...(event.images ?? [])];
  const content = blocks.map((block): McpContent =>
    block.type === 'text' ? { type: 'text', text: block.text } : { type: 'image', data: block.source.data, mimeType: block.source.media_type },
  );
  return { content, isError: event.isError, ...mcpMetaOf(event) };
}
