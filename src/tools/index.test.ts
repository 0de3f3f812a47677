/**
 * The meta-test of the one list (like refined-github's features.test.ts): every tool file under src/tools/
 * exports exactly one tool, is listed in src/tools/index.ts, and has a test of its own — a `describe`,
 * `it` or `test` named after the tool whose code runs the real tool (through the executor, the scripted
 * model, the tool runner, or its own `call`); see tests/support/tool-tests.ts for exactly what counts.
 * The model-facing contract of each tool (prompt, hint, fields, bounds) is src/tools/contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { PermissionContext } from '../runtime/permission-types.js';
import { buildToolPool, TOOL_SEARCH_NAME } from '../runtime/registry.js';
import { builtInTools } from './index.js';
import { loadToolFiles, readRepoFile, testFiles, toolSpecs } from '../../tests/support/tool-files.js';
import { findOwnTests } from '../../tests/support/tool-tests.js';

const files = await loadToolFiles();
const specs = await toolSpecs();
const ownTests = testFiles().flatMap((file) => findOwnTests(file, readRepoFile(file), specs));

describe('the tool list', () => {
  const listed = builtInTools();

  it('finds the tool files, and every listed tool has one', () => {
    expect(files.map((f) => f.file)).toContain('src/tools/agent/tool-search.ts');
    expect(listed.filter((tool) => !specs.some((spec) => spec.tool === tool)).map((tool) => tool.name)).toEqual([]);
  });

  it('has unique names', () => {
    const names = listed.map((tool) => tool.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('names tools in snake_case', () => {
    expect(listed.map((t) => t.name).filter((name) => !/^[a-z][a-z0-9_]*$/.test(name))).toEqual([]);
  });

  describe.each(files.map((f) => [f.file, f] as const))('%s', (_file, { exports }) => {
    it('exports exactly one tool, and it is listed in src/tools/index.ts', () => {
      expect(exports.map((e) => e.exportName)).toHaveLength(1);
      expect(listed).toContain(exports[0]?.tool);
    });

    it('has a test of its own that runs it', () => {
      const name = exports[0]?.tool.name;
      const own = ownTests.filter((test) => test.tool === name);
      expect(own.length, `no describe, it or test named after ${name} runs it (what counts: tests/support/tool-tests.ts)`).toBeGreaterThan(0);
    });
  });
});

describe('the tool list as the pool sees it', () => {
  const perms = (overrides: Partial<PermissionContext> = {}): PermissionContext => ({
    mode: 'ask',
    rules: { allow: [], deny: [], ask: [] },
    grants: [],
    ...overrides,
  });
  const names = (tools: readonly { name: string }[]) => tools.map((t) => t.name);
  const getTools = (permissions: PermissionContext) => buildToolPool(builtInTools(), [], permissions);

  it('always includes tool_search among the built-ins', () => {
    expect(names(getTools(perms()))).toContain(TOOL_SEARCH_NAME);
  });

  it('returns the built-ins in pool order (sorted by name)', () => {
    const pool = names(getTools(perms()));
    expect(pool.length).toBeGreaterThan(1);
    expect(pool).toEqual([...pool].sort());
  });

  it("offers the real list's page core in simple mode", () => {
    expect(names(buildToolPool(builtInTools(), [], perms(), { simpleMode: true }))).toEqual([
      'click',
      'find',
      'get_page_text',
      'handle_dialog',
      'navigate',
      'press_key',
      'read_page',
      'read_result',
      'screenshot',
      'scroll',
      'tool_search',
      'type',
    ]);
  });
  it('shows only the read-only tools of the real list in read-only mode', () => {
    expect(names(getTools(perms({ mode: 'read-only' })))).toEqual([
      'agent',
      'find',
      'get_page_text',
      'list_tabs',
      'memory_read',
      'read_console',
      'read_network',
      'read_page',
      'read_result',
      'screenshot',
      'scroll',
      'tool_search',
      // Listed in the pool, but each request leaves it out outside plan mode (its isEnabled).
      'update_plan',
      'wait_for',
    ]);
    expect(names(getTools(perms()))).toEqual(expect.arrayContaining(['click', 'navigate', 'type', 'close_tab', 'memory_write']));
  });
  it('lets a blanket deny remove even tool_search from the real list', () => {
    expect(names(getTools(perms({ rules: { allow: [], ask: [], deny: ['tool_search'] } })))).not.toContain('tool_search');
  });
});
