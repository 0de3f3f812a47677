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
import type { AnyTool } from '../../src/runtime/tool.js';
import { allToolEntries } from '../../src/tools/index.js';

const root = join(import.meta.dirname, '..', '..');

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => join(dir, file))
    .filter(keep)
    .sort();
}

// A tool file is one that builds a tool; helpers (shared.ts, safety.ts) do not.
const toolFiles = filesUnder('src/tools', (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== join('src', 'tools', 'index.ts')).filter((f) =>
  /\bbuildTool\s*[<(]/.test(readFileSync(join(root, f), 'utf8')),
);
const testSources = [...filesUnder('tests', (f) => /\.test\.tsx?$/.test(f)), ...filesUnder('src', (f) => /\.test\.tsx?$/.test(f))]
  .filter((f) => !f.endsWith('tools-meta.test.ts'))
  .map((f) => readFileSync(join(root, f), 'utf8'));

const isTool = (value: unknown): value is AnyTool =>
  typeof value === 'object' && value !== null && typeof (value as AnyTool).name === 'string' && typeof (value as AnyTool).call === 'function' && 'inputSchema' in value;

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
  const listed = allToolEntries().map((entry) => entry.tool);

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
