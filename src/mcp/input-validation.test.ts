import { describe, expect, it } from 'vitest';
import { createInputValidator, schemaDraft } from './input-validation.js';

const forecast = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    days: { type: 'integer', minimum: 1, maximum: 7 },
    tags: { type: 'array', items: { type: 'string' } },
    unit: { enum: ['C', 'F'] },
    where: { type: 'object', properties: { lat: { type: 'number' } }, required: ['lat'] },
    when: { anyOf: [{ type: 'string', format: 'date' }, { type: 'integer' }] },
  },
  required: ['city'],
  additionalProperties: false,
};
const validate = createInputValidator(forecast, { toolName: 'mcp__w__forecast', fields: () => 'city (string, required), days (integer, optional)' });

describe('MCP input validation', () => {
  it('passes valid input', () => {
    expect(validate({ city: 'Oslo', days: 3, tags: ['a'], unit: 'C', where: { lat: 59.9 }, when: 5 })).toEqual({ ok: true });
  });

  it('names each field at fault, and the suggestion lists the fields', () => {
    const result = validate({ days: 9, tags: ['a', 3], unit: 'K', where: {}, extra: true });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe('INVALID_INPUT');
    expect(result.details?.['issues']).toEqual([
      { field: 'city', problem: 'is required' },
      { field: 'days', problem: '9 is greater than 7' },
      { field: 'tags.1', problem: 'expected string, got number 3' },
      { field: 'unit', problem: 'does not match any of ["C","F"]' },
      { field: 'where.lat', problem: 'is required' },
      { field: 'extra', problem: 'is not a field this tool accepts' },
    ]);
    expect(result.message).toBe(
      'Invalid input for mcp__w__forecast: city is required; days 9 is greater than 7; tags.1 expected string, got number 3; unit does not match any of ["C","F"]; where.lat is required; extra is not a field this tool accepts.',
    );
    expect(result.suggestion).toBe('Call mcp__w__forecast again with corrected input. It accepts: city (string, required), days (integer, optional).');
  });

  it('says a value matched none of a union, without the branches’ details', () => {
    const result = validate({ city: 'x', when: true });
    expect(result.ok === false && result.details?.['issues']).toEqual([{ field: 'when', problem: 'true matches none of the allowed forms (anyOf)' }]);
  });

  it('fails closed on a schema it cannot use', () => {
    const broken = createInputValidator({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }, { toolName: 't', fields: () => '' });
    const result = broken({ a: 1 });
    expect(result).toMatchObject({ ok: false, code: 'SCHEMA_UNUSABLE' });
    expect(result.ok === false && result.message).toMatch(/the call was not sent/);
  });

  it('reads the draft a schema declares', () => {
    expect(schemaDraft({ $schema: 'http://json-schema.org/draft-07/schema#' })).toBe('7');
    expect(schemaDraft({ $schema: 'http://json-schema.org/draft-04/schema#' })).toBe('4');
    expect(schemaDraft({ $schema: 'https://json-schema.org/draft/2019-09/schema' })).toBe('2019-09');
    expect(schemaDraft({})).toBe('2020-12');
  });

  it('compiles no code: it works with eval and Function forbidden', () => {
    const realFunction = globalThis.Function;
    const realEval = globalThis.eval;
    const refuse = () => {
      throw new EvalError('code generation is forbidden here (as in the MV3 service worker)');
    };
    globalThis.Function = refuse as unknown as FunctionConstructor;
    globalThis.eval = refuse;
    try {
      const strict = createInputValidator(forecast, { toolName: 't', fields: () => '' });
      expect(strict({ city: 'Oslo' })).toEqual({ ok: true });
      expect(strict({ city: 5 }).ok).toBe(false);
    } finally {
      globalThis.Function = realFunction;
      globalThis.eval = realEval;
    }
  });
});

describe('fields the schema does not name', () => {
  const open = { type: 'object', properties: { city: { type: 'string' } } };
  it('are refused when the schema says nothing about extra fields (servers would drop them silently)', () => {
    const result = createInputValidator(open, { toolName: 't', fields: () => 'city' })({ city: 'Oslo', cty: 'Bergen' });
    expect(result.ok === false && result.details?.['issues']).toEqual([{ field: 'cty', problem: 'is not a field this tool accepts (it takes city)' }]);
  });

  it('are let through when the schema allows them explicitly', () => {
    const allowing = createInputValidator({ ...open, additionalProperties: { type: 'string' } }, { toolName: 't', fields: () => 'city' });
    expect(allowing({ city: 'Oslo', note: 'x' })).toEqual({ ok: true });
    expect(allowing({ city: 'Oslo', note: 3 }).ok).toBe(false);
  });
});
