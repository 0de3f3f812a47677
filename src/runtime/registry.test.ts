import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { initialAppState } from './context.js';
import type { PermissionContext } from './permission-types.js';
import {
  assembleToolPool,
  deferredToolsPromptSection,
  filterTools,
  findToolByName,
  buildToolPool,
  isDeferredTool,
  TOOL_SEARCH_NAME,
  toolSpecsForRequest,
} from './registry.js';
import { buildTool, type ToolDef } from './tool.js';

const schema = z.object({ q: z.string().describe('query'), n: z.number().default(3).describe('count') });
const make = (name: string, extra: Partial<ToolDef<typeof schema, string>> = {}) =>
  buildTool<typeof schema, string>({ name, inputSchema: schema, prompt: `${name} prompt`, call: async () => ({ data: name }), ...extra });
const perms = (overrides: Partial<PermissionContext> = {}): PermissionContext => ({
  mode: 'ask',
  rules: { allow: [], deny: [], ask: [] },
  grants: [],
  ...overrides,
});
const names = (tools: readonly { name: string }[]) => tools.map((t) => t.name);

describe('buildToolPool', () => {
  it('filters the built-ins and the external tools alike, then orders them built-ins first', () => {
    const pool = buildToolPool(
      [make('zed'), make('alpha'), make('gone')],
      [make('mcp__x__b'), make('mcp__x__a'), make('mcp__x__denied')],
      perms({ rules: { allow: [], ask: [], deny: ['gone', 'mcp__x__denied'] } }),
    );
    expect(names(pool)).toEqual(['alpha', 'zed', 'mcp__x__a', 'mcp__x__b']);
  });
});

describe('filterTools', () => {
  const readOnly = make('look', { isReadOnly: () => true });
  const writer = make('write');
  const disabled = make('off', { isEnabled: () => false });
  const broken = make('broken', {
    isEnabled: () => {
      throw new Error('bug');
    },
  });
  const all = [readOnly, writer, disabled, broken, make('mcp__gh__issue'), make('mcp__gh__pr')];

  it('removes tools with a blanket deny rule, keeps those denied only on some sites', () => {
    expect(names(filterTools(all, perms({ rules: { allow: [], ask: [], deny: ['write', 'mcp__gh__*', 'look(*.bank.com)'] } })))).toEqual(['look']);
  });

  it('hides tools that can never be read-only in read-only mode', () => {
    expect(names(filterTools(all, perms({ mode: 'read-only' })))).toEqual(['look']);
  });

  it('drops disabled tools, and tools whose isEnabled throws', () => {
    expect(names(filterTools(all, perms()))).toEqual(['look', 'write', 'mcp__gh__issue', 'mcp__gh__pr']);
  });

  it('keeps only the tools that declare inSimpleMode in simple mode, whatever their names', () => {
    const pool = [
      make('read_page', { inSimpleMode: true }),
      make('click', { inSimpleMode: true }),
      make('save_file'),
      make('tool_search'),
      make('memory_write'),
    ];
    expect(names(filterTools(pool, perms(), true))).toEqual(['read_page', 'click']);
  });
});

describe('assembleToolPool', () => {
  it('sorts built-ins, then external tools, and lets built-ins win a name clash', () => {
    const builtInClick = make('click');
    const pool = assembleToolPool(
      [make('type'), builtInClick, make('navigate')],
      [make('mcp__b__x', { isExternal: true }), make('click', { isExternal: true }), make('mcp__a__y', { isExternal: true })],
    );
    expect(names(pool)).toEqual(['click', 'navigate', 'type', 'mcp__a__y', 'mcp__b__x']);
    expect(pool[0]).toBe(builtInClick);
  });

  it('gives the same order whatever order the inputs came in', () => {
    const tools = [make('b'), make('a'), make('c')];
    expect(names(assembleToolPool(tools, []))).toEqual(names(assembleToolPool([...tools].reverse(), [])));
  });
});

describe('findToolByName', () => {
  const pool = [make('click', { aliases: ['tap'] }), make('tap_hold')];

  it('finds by name, then by alias', () => {
    expect(findToolByName(pool, 'click')?.name).toBe('click');
    expect(findToolByName(pool, 'tap')?.name).toBe('click');
    expect(findToolByName(pool, 'tap_hold')?.name).toBe('tap_hold');
  });

  it.each(['__proto__', 'constructor', 'toString', 'valueOf', 'length', '0'])('does not treat %s as a key', (name) => {
    expect(findToolByName(pool, name)).toBeUndefined();
  });

  it('prefers a tool named so over another tool with that alias', () => {
    expect(findToolByName([make('a', { aliases: ['b'] }), make('b')], 'b')?.name).toBe('b');
  });
});

describe('deferred tools', () => {
  it('follows alwaysLoad, then external, then shouldDefer, with no tool named as a special case', () => {
    expect(isDeferredTool(make('x', { shouldDefer: true, alwaysLoad: true }))).toBe(false);
    expect(isDeferredTool(make('mcp__s__t', { isExternal: true }))).toBe(true);
    expect(isDeferredTool(make('mcp__s__t', { isExternal: true, alwaysLoad: true }))).toBe(false);
    expect(isDeferredTool(make(TOOL_SEARCH_NAME, { shouldDefer: true }))).toBe(true);
    expect(isDeferredTool(make('x', { shouldDefer: true }))).toBe(true);
    expect(isDeferredTool(make('x'))).toBe(false);
  });

  const pool = assembleToolPool(
    [make('click'), make('memory_write', { shouldDefer: true }), make('save_file', { shouldDefer: true }), make(TOOL_SEARCH_NAME)],
    [make('mcp__gh__issue', { isExternal: true })],
  );

  it('sends non-deferred tools in pool order, then found tools in the order they were found', () => {
    const before = toolSpecsForRequest(pool, initialAppState());
    expect(names(before)).toEqual(['click', 'tool_search']);
    const after = toolSpecsForRequest(pool, { ...initialAppState(), discoveredTools: ['save_file', 'mcp__gh__issue', 'no_such_tool', 'save_file'] });
    expect(names(after)).toEqual(['click', 'tool_search', 'save_file', 'mcp__gh__issue']);
    // Loading tools appends: the earlier specs are byte-identical, so the cached prefix survives.
    expect(JSON.stringify(after).startsWith(JSON.stringify(before).slice(0, -1))).toBe(true);
  });

  it('sends each tool with its prompt and the JSON Schema of its input', () => {
    const [spec] = toolSpecsForRequest([make('click')], initialAppState());
    expect(spec).toEqual({
      name: 'click',
      description: 'click prompt',
      input_schema: {
        type: 'object',
        properties: { q: { type: 'string', description: 'query' }, n: { type: 'number', default: 3, description: 'count' } },
        required: ['q'],
        additionalProperties: false,
      },
    });
  });

  it('names every deferred tool in a prompt section, found or not', () => {
    const section = deferredToolsPromptSection(pool);
    expect(section).toContain('- memory_write');
    expect(section).toContain('- save_file');
    expect(section).toContain('- mcp__gh__issue');
    expect(section).not.toContain('- click');
    expect(section).toContain('select:');
    expect(deferredToolsPromptSection([make('click')])).toBe('');
  });
});
