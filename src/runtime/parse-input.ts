/**
 * Parsing a call's input against its tool's zod schema: lenient about the harmless slips models make
 * ("true" for true, "50" for 50, null for "left out"), strict about unknown keys, and precise in its
 * errors (each names the field, the problem and the expected type, and the suggestion lists the fields).
 */
import { z } from 'zod';
import type { ToolErrorPayload } from './errors.js';
import { toolSpec } from './registry.js';
import type { AnyInputSchema, AnyTool } from './tool.js';

const strictSchemas = new WeakMap<AnyInputSchema, AnyInputSchema>();

/** The schema with unknown top-level keys rejected (zod objects strip them by default, hiding the model's mistake). */
function strictVersion(schema: AnyInputSchema): AnyInputSchema {
  let strict = strictSchemas.get(schema);
  if (!strict) {
    strict = schema instanceof z.ZodObject && schema._zod.def.catchall === undefined ? (schema.strict() as AnyInputSchema) : schema;
    strictSchemas.set(schema, strict);
  }
  return strict;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Fixes the slips models make where zod reported exactly that: "true" for true, "50" for 50, and `null`
 * for a field they mean to leave out (if the field is required, the next parse says so). `undefined` if none.
 */
function fixSlips(input: unknown, issues: readonly z.core.$ZodIssue[]): unknown {
  const fixes: Array<{ path: readonly PropertyKey[]; value: unknown }> = [];
  for (const issue of issues) {
    if (issue.code !== 'invalid_type' || issue.path.length === 0) continue;
    const value = valueAt(input, issue.path);
    if (value === null && typeof issue.path[issue.path.length - 1] === 'string') fixes.push({ path: issue.path, value: undefined });
    if (typeof value !== 'string') continue;
    const text = value.trim();
    if (issue.expected === 'boolean' && /^(true|false)$/i.test(text)) fixes.push({ path: issue.path, value: text.toLowerCase() === 'true' });
    if ((issue.expected === 'number' || issue.expected === 'int') && /^-?\d+(\.\d+)?$/.test(text)) fixes.push({ path: issue.path, value: Number(text) });
  }
  if (fixes.length === 0) return undefined;
  const copy = structuredClone(input) as Record<PropertyKey, unknown>;
  for (const { path, value } of fixes) {
    const parent = valueAt(copy, path.slice(0, -1)) as Record<PropertyKey, unknown>;
    const key = path[path.length - 1] as PropertyKey;
    if (value === undefined) delete parent[key];
    else parent[key] = value;
  }
  return copy;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** "query (string, required), max_results (integer, optional)": the shape the model should have sent. */
export function describeFields(tool: AnyTool): string {
  const schema = toolSpec(tool).input_schema as { properties?: Record<string, { type?: unknown }>; required?: string[] };
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .map(([key, field]) => `${key} (${typeof field.type === 'string' ? field.type : 'value'}, ${required.has(key) ? 'required' : 'optional'})`)
    .join(', ');
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown, tool: AnyTool): { field: string; problem: string } {
  const field = issue.path.map(String).join('.') || '(input)';
  if (issue.code === 'unrecognized_keys') {
    const valid = Object.keys((toolSpec(tool).input_schema as { properties?: object }).properties ?? {});
    return { field, problem: `unknown field(s) ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}; valid fields are ${valid.join(', ') || '(none)'}` };
  }
  if (issue.code === 'invalid_type') {
    const value = valueAt(input, issue.path);
    if (value === undefined && issue.path.length > 0) return { field, problem: `is required (expected ${issue.expected})` };
    return { field, problem: `expected ${issue.expected}, got ${typeName(value)}${value !== undefined ? ` ${JSON.stringify(value)?.slice(0, 60)}` : ''}` };
  }
  return { field, problem: issue.message };
}

/** The key the model clients put a tool call's input under when its JSON did not parse (often cut off by the output limit). */
export const UNPARSEABLE_INPUT_KEY = '_unparseable_input';

/** The raw JSON text when the client could not parse the call's input, else `undefined`. */
function unparseableInput(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const keys = Object.keys(raw);
  const text = (raw as Record<string, unknown>)[UNPARSEABLE_INPUT_KEY];
  return keys.length === 1 && keys[0] === UNPARSEABLE_INPUT_KEY && typeof text === 'string' ? text : undefined;
}

/** Parses a call's input leniently; on failure, an INVALID_INPUT error that points at each field. */
export function parseToolInput(tool: AnyTool, raw: unknown): { ok: true; input: Record<string, unknown> } | { ok: false; error: ToolErrorPayload } {
  const broken = unparseableInput(raw);
  if (broken !== undefined) {
    // Not a field mistake: the JSON itself broke, most often cut off when the reply hit the output limit.
    const tail = broken.length > 80 ? `…${broken.slice(-80)}` : broken;
    return {
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: `Your tool input for ${tool.name} was not valid JSON (cut off?): ${broken.length.toLocaleString('en-US')} characters ending in ${JSON.stringify(tail)}. The call did not run.`,
        suggestion: `Call ${tool.name} again with complete JSON. If the input is long (much text to type or many fields), split it over several smaller calls. It accepts: ${describeFields(tool) || 'no fields'}.`,
        tool: tool.name,
        receivedChars: broken.length,
      },
    };
  }
  let candidate: unknown = raw ?? {};
  if (typeof candidate === 'string') {
    try {
      candidate = JSON.parse(candidate) as unknown; // some models send the input object as a JSON string
    } catch {
      // left as is: zod reports that an object was expected
    }
  }
  const schema = strictVersion(tool.inputSchema);
  for (let attempt = 0; attempt < 3; attempt++) {
    const parsed = schema.safeParse(candidate);
    if (parsed.success) return { ok: true, input: parsed.data };
    const fixed = fixSlips(candidate, parsed.error.issues);
    if (fixed === undefined) {
      const issues = parsed.error.issues.map((issue) => describeIssue(issue, candidate, tool));
      return {
        ok: false,
        error: {
          code: 'INVALID_INPUT',
          message: `Invalid input for ${tool.name}: ${issues.map((i) => `${i.field} ${i.problem}`).join('; ')}.`,
          suggestion: `Call ${tool.name} again with corrected input. It accepts: ${describeFields(tool) || 'no fields'}.`,
          tool: tool.name,
          issues,
        },
      };
    }
    candidate = fixed;
  }
  return {
    ok: false,
    error: { code: 'INVALID_INPUT', message: `Invalid input for ${tool.name}.`, suggestion: `Call ${tool.name} with: ${describeFields(tool)}.` },
  };
}
