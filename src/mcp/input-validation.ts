/**
 * Checking a call's input against the MCP tool's own JSON Schema before anything is sent (principle
 * 4, "validate before asking"), with errors that name each field. `@cfworker/json-schema` interprets
 * the schema instead of compiling it to code: the service worker's CSP forbids `eval`/`new Function`,
 * which is how ajv (the SDK's default) compiles schemas.
 */
import { Validator, type OutputUnit, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { messageOf } from '../runtime/errors.js';
import type { ValidationResult } from '../runtime/tool.js';

/** A tool's input schema as the server sent it. */
export type JsonSchemaObject = Record<string, unknown>;

/** The JSON Schema draft a schema declares (`$schema`); 2020-12 when it says nothing. */
export function schemaDraft(schema: JsonSchemaObject): SchemaDraft {
  const declared = typeof schema['$schema'] === 'string' ? schema['$schema'] : '';
  if (declared.includes('draft-04')) return '4';
  if (declared.includes('draft-06') || declared.includes('draft-07')) return '7';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}

// Keywords that only say "something inside failed": the inner errors name the field and the problem.
const CONTAINER_KEYWORDS = new Set([
  'properties',
  'items',
  'prefixItems',
  'additionalItems',
  'additionalProperties',
  'patternProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'dependentSchemas',
  'allOf',
  '$ref',
  '$dynamicRef',
  'contains',
  'propertyNames',
]);
// Keywords whose inner errors describe branches that did not match; only the keyword's own line is kept.
const BRANCH_KEYWORDS = new Set(['anyOf', 'oneOf', 'not', 'if', 'then', 'else']);

/** "#/items/0/name" → "items.0.name"; the root is "(input)". */
function fieldOf(instanceLocation: string): string {
  const parts = instanceLocation.replace(/^#\/?/, '').split('/').filter(Boolean);
  const decoded = parts.map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'));
  return decoded.join('.') || '(input)';
}

function valueAt(root: unknown, field: string): unknown {
  if (field === '(input)') return root;
  let value = root;
  for (const key of field.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const typeName = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const shown = (value: unknown) => (JSON.stringify(value) ?? String(value)).slice(0, 60);

/** One problem, said for the model: the field and what is wrong with it. */
export interface InputIssue {
  field: string;
  problem: string;
}

function describe(unit: OutputUnit, input: unknown): InputIssue {
  const field = fieldOf(unit.instanceLocation);
  const value = valueAt(input, field);
  if (unit.keyword === 'required') {
    const property = /"(.*)"/.exec(unit.error)?.[1] ?? '?';
    return { field: field === '(input)' ? property : `${field}.${property}`, problem: 'is required' };
  }
  if (unit.keyword === 'false') return { field, problem: 'is not a field this tool accepts' };
  if (unit.keyword === 'type') {
    const expected = /Expected "([^"]+)"/.exec(unit.error)?.[1] ?? unit.error;
    return { field, problem: `expected ${expected.replace(/", "/g, ' or ')}, got ${typeName(value)} ${shown(value)}` };
  }
  if (BRANCH_KEYWORDS.has(unit.keyword)) return { field, problem: `${shown(value)} matches none of the allowed forms (${unit.keyword})` };
  return { field, problem: unit.error.replace(/^Instance /, '').replace(/\.$/, '') };
}

/** The leaf problems of a failed validation, once each, branch details left out. */
export function inputIssues(errors: readonly OutputUnit[], input: unknown): InputIssue[] {
  const branches = errors.filter((e) => BRANCH_KEYWORDS.has(e.keyword)).map((e) => `${e.keywordLocation}/`);
  const issues: InputIssue[] = [];
  const seen = new Set<string>();
  for (const unit of errors) {
    if (CONTAINER_KEYWORDS.has(unit.keyword)) continue;
    if (branches.some((branch) => unit.keywordLocation.startsWith(branch))) continue;
    const issue = describe(unit, input);
    const key = `${issue.field} ${issue.problem}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

/**
 * Top-level fields the schema does not name. A schema that lists `properties` and says nothing about
 * others allows them, but most servers (the SDK's zod-based ones) silently drop them: a misspelled
 * field would vanish and the call run without it. So, as the runtime does for its own tools, they are
 * refused — unless the schema allows extra fields explicitly (`additionalProperties` or
 * `patternProperties`), or the validator already refused them (`additionalProperties: false`).
 */
function unknownFieldCheck(schema: JsonSchemaObject): (input: unknown) => InputIssue[] {
  const properties = schema['properties'];
  if (typeof properties !== 'object' || properties === null || 'additionalProperties' in schema || 'patternProperties' in schema) return () => [];
  const known = new Set(Object.keys(properties));
  return (input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return [];
    return Object.keys(input)
      .filter((key) => !known.has(key))
      .map((field) => ({ field, problem: `is not a field this tool accepts (it takes ${[...known].join(', ') || 'no fields'})` }));
  };
}

/** Options for `createInputValidator`. */
export interface InputValidatorOptions {
  /** The tool's pool name, for the messages. */
  toolName: string;
  /** "city (string, required), days (integer, optional)": what the suggestion lists. */
  fields: () => string;
}

/**
 * A `validateInput` for one tool's JSON Schema. A schema that cannot be used (a broken `$ref`, not an
 * object) fails closed: the call is not sent, and the model is told why.
 */
export function createInputValidator(schema: JsonSchemaObject, options: InputValidatorOptions): (input: unknown) => ValidationResult {
  let validator: Validator | undefined;
  let broken: string | undefined;
  try {
    validator = new Validator(schema as Schema, schemaDraft(schema), false);
  } catch (error) {
    broken = messageOf(error);
  }
  const unusable = (why: string): ValidationResult => ({
    ok: false,
    code: 'SCHEMA_UNUSABLE',
    message: `The MCP server's input schema for ${options.toolName} cannot be checked (${why.slice(0, 200)}), so the call was not sent.`,
    suggestion: 'Use another tool, and tell the person this server describes the tool wrongly.',
  });
  const unknownFields = unknownFieldCheck(schema);
  return (input) => {
    if (!validator) return unusable(broken ?? 'unknown problem');
    let errors: readonly OutputUnit[];
    try {
      errors = validator.validate(input).errors;
    } catch (error) {
      return unusable(messageOf(error));
    }
    const issues = [...inputIssues(errors, input), ...unknownFields(input)];
    if (issues.length === 0 && errors.length === 0) return { ok: true };
    const said = issues.length > 0 ? issues.map((i) => `${i.field} ${i.problem}`).join('; ') : 'it does not match the tool’s schema';
    return {
      ok: false,
      code: 'INVALID_INPUT',
      message: `Invalid input for ${options.toolName}: ${said}.`,
      suggestion: `Call ${options.toolName} again with corrected input. It accepts: ${options.fields() || 'no fields'}.`,
      details: { tool: options.toolName, issues },
    };
  };
}
