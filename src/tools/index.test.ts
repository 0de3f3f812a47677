/**
 * The meta-test for the one list (like refined-github's features.test.ts): every tool file under
 * src/tools/ is listed in src/tools/index.ts, has a model-facing prompt of real length, a search hint
 * of 3–10 words that does not repeat its name, a description on every schema field, and a test file
 * that mentions it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { PermissionContext } from '../runtime/permission-types.js';
import { buildToolPool, TOOL_SEARCH_NAME } from '../runtime/registry.js';
import type { AnyTool } from '../runtime/tool.js';
import { builtInTools } from './index.js';

const root = join(import.meta.dirname, '..', '..');

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => join(dir, file))
    .filter(keep)
    .sort();
}

// A tool file is one that builds a tool; helpers (page-call.ts, safety/destructive.ts) do not.
const toolFiles = filesUnder('src/tools', (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== join('src', 'tools', 'index.ts')).filter((f) =>
  /\bbuildTool\s*[<(]/.test(readFileSync(join(root, f), 'utf8')),
);
const testSources = [...filesUnder('tests', (f) => /\.test\.tsx?$/.test(f)), ...filesUnder('src', (f) => /\.test\.tsx?$/.test(f))]
  .filter((f) => !f.endsWith('tools-meta.test.ts'))
  .map((f) => readFileSync(join(root, f), 'utf8'));

const isTool = (value: unknown): value is AnyTool =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as AnyTool).name === 'string' &&
  typeof (value as AnyTool).call === 'function' &&
  'inputSchema' in value;

/** Paths of schema fields without a description, found through the JSON Schema the model is sent. */
function undescribedFields(schema: unknown, path = ''): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as { properties?: Record<string, { description?: string }>; items?: unknown; anyOf?: unknown[] };
  const missing: string[] = [];
  for (const [key, field] of Object.entries(node.properties ?? {})) {
    const at = path ? `${path}.${key}` : key;
    if (!field.description) missing.push(at);
    missing.push(...undescribedFields(field, at));
  }
  if (node.items) missing.push(...undescribedFields(node.items, `${path}[]`));
  for (const option of node.anyOf ?? []) missing.push(...undescribedFields(option, path));
  return missing;
}

describe('the tool list', () => {
  const listed = builtInTools();

  it('finds tool files to check', () => {
    expect(toolFiles).toContain(join('src', 'tools', 'agent', 'tool-search.ts'));
  });

  it('has unique names', () => {
    const names = listed.map((tool) => tool.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('names tools in snake_case', () => {
    expect(listed.map((t) => t.name).filter((name) => !/^[a-z][a-z0-9_]*$/.test(name))).toEqual([]);
  });

  describe.each(toolFiles)('%s', (file) => {
    const load = async () => {
      const module = (await import(join(root, file))) as Record<string, unknown>;
      const tools = Object.values(module).filter(isTool);
      expect(tools, `${relative(root, file)} should export exactly one tool`).toHaveLength(1);
      return tools[0] as AnyTool;
    };

    it('is listed in src/tools/index.ts', async () => {
      expect(listed).toContain(await load());
    });

    it('has a prompt of real length', async () => {
      expect((await load()).prompt.trim().length).toBeGreaterThanOrEqual(60);
    });

    it('has a search hint of 3-10 words that does not repeat its name', async () => {
      const tool = await load();
      const words = tool.searchHint.trim().split(/\s+/).filter(Boolean);
      expect(words.length).toBeGreaterThanOrEqual(3);
      expect(words.length).toBeLessThanOrEqual(10);
      const hint = tool.searchHint.toLowerCase();
      expect(hint).not.toContain(tool.name);
      expect(hint).not.toContain(tool.name.replace(/_/g, ' '));
    });

    it('describes every schema field', async () => {
      const tool = await load();
      expect(undescribedFields(z.toJSONSchema(tool.inputSchema, { io: 'input', unrepresentable: 'any' }))).toEqual([]);
    });

    it('has a test file that mentions it', async () => {
      const tool = await load();
      const quoted = new RegExp(`['"\`]${tool.name}['"\`:,]`);
      expect(testSources.some((source) => quoted.test(source))).toBe(true);
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
      'tool_search',
      'wait_for',
    ]);
    expect(names(getTools(perms()))).toEqual(expect.arrayContaining(['click', 'navigate', 'type', 'close_tab', 'memory_write']));
  });
  it('lets a blanket deny remove even tool_search from the real list', () => {
    expect(names(getTools(perms({ rules: { allow: [], ask: [], deny: ['tool_search'] } })))).not.toContain('tool_search');
  });
});
