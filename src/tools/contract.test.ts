/**
 * The model-facing contract of every tool in the one list, with one bar for all of them: a prompt of real
 * length, a search hint that adds words to the name, a description on every schema field at every depth,
 * and bounds on every value the model can send (numbers, arrays and strings). A string the schema leaves
 * unbounded must be refused by the tool's own validation before anyone is asked, with a structured error.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { executeToolCall } from '../runtime/execute.js';
import type { AnyTool, CanUseTool } from '../runtime/tool.js';
import { builtInTools } from './index.js';
import { toolSpecs } from '../../tests/support/tool-files.js';
import { fakeContext } from '../../tests/support/tool-context.js';

/** The bar, once. */
const BAR = {
  promptChars: 200,
  hintWords: { min: 3, max: 10 },
  /** Words of the hint that are not words of the tool's name: what the hint adds for tool_search. */
  hintNewWords: 3,
  fieldDescriptionChars: 20,
  /** A string the schema does not bound is sent this long; validation must refuse it. */
  oversizedChars: 1_000_000,
} as const;

interface FieldSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, FieldSchema>;
  required?: string[];
  items?: FieldSchema;
  anyOf?: FieldSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

interface Field {
  path: string;
  schema: FieldSchema;
}

const jsonSchemaOf = (tool: AnyTool) => z.toJSONSchema(tool.inputSchema, { io: 'input', unrepresentable: 'any' }) as FieldSchema;

/** Every field the model can send, at every depth (object properties, array items, union options). */
function fieldsOf(schema: FieldSchema, path = ''): Field[] {
  const fields: Field[] = [];
  for (const [key, field] of Object.entries(schema.properties ?? {})) {
    const at = path ? `${path}.${key}` : key;
    fields.push({ path: at, schema: field }, ...fieldsOf(field, at));
  }
  if (schema.items) fields.push(...fieldsOf(schema.items, `${path}[]`));
  for (const option of schema.anyOf ?? []) fields.push(...fieldsOf(option, path));
  return fields;
}

/** The value kinds a field takes (a union's options each count). */
const kindsOf = (schema: FieldSchema): string[] => [
  ...(Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []),
  ...(schema.anyOf ?? []).flatMap(kindsOf),
];
const isFixed = (schema: FieldSchema) => schema.enum !== undefined || schema.const !== undefined;
const hasMinimum = (schema: FieldSchema) => schema.minimum !== undefined || schema.exclusiveMinimum !== undefined;
const hasMaximum = (schema: FieldSchema) => schema.maximum !== undefined || schema.exclusiveMaximum !== undefined;

/** The smallest input the schema accepts: its required fields only, each at its simplest. */
function minimalValue(schema: FieldSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.anyOf?.[0]) return minimalValue(schema.anyOf[0]);
  const [kind] = kindsOf(schema);
  if (kind === 'object') return Object.fromEntries((schema.required ?? []).map((key) => [key, minimalValue(schema.properties?.[key] ?? {})] as const));
  if (kind === 'array') return Array.from({ length: schema.minItems ?? 0 }, () => minimalValue(schema.items ?? {}));
  if (kind === 'integer' || kind === 'number') return schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1;
  if (kind === 'boolean') return false;
  // A ref is the one patterned string the tools take.
  if (schema.pattern) return 'e1';
  return 'x';
}

const isUnboundedString = (field: FieldSchema) =>
  kindsOf(field).includes('string') && field.maxLength === undefined && field.pattern === undefined && !isFixed(field);

/** Whether the executor refuses `field` at its oversized length before permission, with a structured error. */
async function refusesOversized(tool: AnyTool, schema: FieldSchema, field: string): Promise<string | undefined> {
  const asked: string[] = [];
  const canUseTool: CanUseTool = async (asking) => {
    asked.push(asking.name);
    return { behavior: 'deny', message: 'Not in this test.', suggestion: 'None.', reason: { type: 'mode', mode: 'ask', detail: 'test' } };
  };
  const all = builtInTools();
  const context = fakeContext({ tools: all, appState: { discoveredTools: all.map((t) => t.name), grants: [] } });
  const input = { ...(minimalValue(schema) as Record<string, unknown>), [field]: 'x'.repeat(BAR.oversizedChars) };
  const outcome = await executeToolCall({ type: 'tool_use', id: `tu_${field}`, name: tool.name, input }, context, { canUseTool });
  if (asked.length > 0) return `${field}: an oversized value reached the permission prompt`;
  if (outcome.status !== 'error' || !outcome.error?.code || !outcome.error.message || !outcome.error.suggestion) {
    return `${field}: an oversized value was not refused with a code, a message and a suggestion`;
  }
  return undefined;
}

const specs = await toolSpecs();

describe.each(specs.map(({ name, tool, file }) => [name, tool, file] as const))('the model-facing contract of %s', (name, tool, file) => {
  const schema = jsonSchemaOf(tool);
  const fields = fieldsOf(schema);

  it(`has a prompt of at least ${BAR.promptChars} characters`, () => {
    expect(tool.prompt.trim().length).toBeGreaterThanOrEqual(BAR.promptChars);
  });

  it(`has a search hint of ${BAR.hintWords.min}–${BAR.hintWords.max} words, at least ${BAR.hintNewWords} of them not in its name`, () => {
    const words = tool.searchHint.toLowerCase().trim().split(/\s+/).filter(Boolean);
    expect(words.length).toBeGreaterThanOrEqual(BAR.hintWords.min);
    expect(words.length).toBeLessThanOrEqual(BAR.hintWords.max);
    const nameWords = name.split('_');
    expect(words.filter((word) => !nameWords.includes(word)).length).toBeGreaterThanOrEqual(BAR.hintNewWords);
    expect(tool.searchHint.toLowerCase()).not.toContain(nameWords.join(' '));
  });

  it(`describes every field, at every depth, in at least ${BAR.fieldDescriptionChars} characters`, () => {
    const thin = fields.filter((field) => (field.schema.description?.trim().length ?? 0) < BAR.fieldDescriptionChars).map((field) => field.path);
    expect(thin).toEqual([]);
  });

  it('bounds every value: numbers on both sides, lists in length, strings in the schema or, at the top, in its own validation', async () => {
    const problems: string[] = [];
    for (const { path, schema: field } of fields) {
      const kinds = kindsOf(field);
      if (isFixed(field)) continue;
      if ((kinds.includes('number') || kinds.includes('integer')) && !(hasMinimum(field) && hasMaximum(field)))
        problems.push(`${path}: a number without both bounds`);
      if (kinds.includes('array') && field.maxItems === undefined) problems.push(`${path}: a list without maxItems`);
      if (isUnboundedString(field)) {
        // A top-level string may be bounded by validateInput instead (it then says which limit in its error).
        const problem =
          path.includes('.') || path.includes('[') ? `${path}: a string without maxLength or pattern` : await refusesOversized(tool, schema, path);
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
  });

  if (file.startsWith('src/tools/page/')) {
    it('takes tab_id, optional and described, as every page tool does', () => {
      expect(schema.properties?.['tab_id']?.description).toBeTruthy();
      expect(schema.required ?? []).not.toContain('tab_id');
    });
  }
});

describe('the contract suite', () => {
  it('covers every tool of the list', () => {
    expect(specs.map((spec) => spec.name).sort()).toEqual(
      builtInTools()
        .map((tool) => tool.name)
        .sort(),
    );
  });
});
