import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { executeToolCall } from '../../runtime/execute.js';
import { assembleToolPool, filterTools, isDeferredTool, toolSpecsForRequest } from '../../runtime/registry.js';
import { buildTool, type AnyTool } from '../../runtime/tool.js';
import { nameParts, searchTools, toolSearch } from './tool-search.js';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { allowAll } from '../../../tests/support/runtime-tools.js';

const make = (name: string, searchHint: string, prompt: string, extra: { shouldDefer?: boolean; isExternal?: boolean } = { shouldDefer: true }) =>
  buildTool({ name, searchHint, prompt, inputSchema: z.object({}), call: async () => ({ data: `${name} ran` }), ...extra });

const memoryWrite = make('memory_write', 'remember a note across conversations', 'Saves a note under a key.');
const saveFile = make('save_file', 'download text as a file', 'Saves content to a file through downloads.');
const githubIssue = make('mcp__github__create_issue', 'open a bug report in a repository', 'Creates a GitHub issue.', { isExternal: true });
const githubSearch = make('mcp__github__search_code', 'look through repository source', 'Searches code on GitHub.', { isExternal: true });
const click = make('click', 'press a button or link on the page', 'Clicks an element.', {});
const pool: readonly AnyTool[] = assembleToolPool([toolSearch, click, memoryWrite, saveFile], [githubIssue, githubSearch]);

let id = 0;
async function search(context: ReturnType<typeof createTestContext>, input: Record<string, unknown>) {
  const outcome = await executeToolCall({ type: 'tool_use', id: `s${++id}`, name: 'tool_search', input }, context, { canUseTool: allowAll() });
  const block = outcome.decision.content[0];
  return { outcome, text: block?.type === 'text' ? block.text : '' };
}

describe('tool_search', () => {
  it('can be imported first: no import cycle through the tool list', async () => {
    vi.resetModules();
    const fresh = await import('./tool-search.js');
    expect(fresh.toolSearch.name).toBe('tool_search');
  });

  it('splits names into words', () => {
    expect(nameParts('mcp__github__create_issue')).toEqual(['mcp', 'github', 'create', 'issue']);
    expect(nameParts('readPage')).toEqual(['read', 'page']);
  });

  it('loads tools picked with select:, in that order', async () => {
    const context = createTestContext(pool);
    const { text } = await search(context, { query: 'select:save_file,mcp__github__create_issue' });
    expect(context.state().discoveredTools).toEqual(['save_file', 'mcp__github__create_issue']);
    expect(text).toContain('Loaded 2 tool(s)');
    expect(text).toContain('- save_file: Saves content to a file through downloads.');
  });

  it('treats already-loaded names as a harmless no-op and reports unknown names', async () => {
    const context = createTestContext(pool, { appState: { discoveredTools: ['save_file'], grants: [] } });
    const { outcome, text } = await search(context, { query: 'select:save_file, click, nope' });
    expect(outcome.isError).toBe(false);
    expect(context.state().discoveredTools).toEqual(['save_file']);
    expect(text).toContain('Already available (no need to load): save_file, click.');
    expect(text).toContain('No tool is named: nope.');
  });

  it('ranks by name parts, search hint and description', async () => {
    expect(
      searchTools(
        pool.filter((t) => t !== click),
        'github issue',
        5,
      ).map((t) => t.name),
    ).toEqual(['mcp__github__create_issue', 'mcp__github__search_code']);
    expect(searchTools(pool, 'remember note', 5).map((t) => t.name)).toEqual(['memory_write']);
    expect(searchTools(pool, 'github', 1).map((t) => t.name)).toHaveLength(1);
  });

  it('loads only what the words ask for: filler words and a word inside another ("move" in "remove") match nothing', () => {
    const forget = make('memory_delete', 'forget remove saved note', 'Deletes a saved note. The element is gone for good.');
    const hover = make('hover', 'mouse over pointer menu tooltip reveal', 'Moves the pointer over an element on the page.');
    const upload = make('upload_file', 'attach send a file to a file input or drop zone', 'Puts files into a file input.');
    const tools = [forget, hover, upload, memoryWrite, saveFile];
    // A query for a capability no tool has loads nothing, least of all a tool that deletes.
    expect(searchTools([forget, hover, memoryWrite, saveFile], 'drag drop move element', 5)).toEqual([]);
    // A drop zone is what the upload tool is for, so there "drop" is a match.
    expect(searchTools(tools, 'drag drop move element', 5)).toEqual([upload]);
    expect(searchTools(tools, 'upload file attach', 5).map((t) => t.name)).toEqual(['upload_file', 'save_file']);
    expect(searchTools(tools, 'uploading files', 5).map((t) => t.name)[0]).toBe('upload_file');
    expect(searchTools(tools, 'remove the note', 5).map((t) => t.name)[0]).toBe('memory_delete');
    expect(searchTools(tools, 'the page', 5)).toEqual([]);
  });

  it('finds the real upload_file first for "upload file attach" among the real tools, and loads nothing that deletes with it', async () => {
    const { builtInTools } = await import('../index.js');
    const found = searchTools(builtInTools(), 'upload file attach', 5).map((t) => t.name);
    expect(found[0]).toBe('upload_file');
    expect(found).not.toContain('memory_delete');
    expect(searchTools(builtInTools(), 'attach a receipt to the drop zone', 5).map((t) => t.name)[0]).toBe('upload_file');
  });

  it('needs half the words (two at the least, or the one word given) to match a tool by its description alone', () => {
    const forecast = make('mcp__w__get', '', 'Gets the weather forecast for a city.', { isExternal: true });
    expect(searchTools([forecast], 'weather forecast city', 5)).toEqual([forecast]);
    expect(searchTools([forecast], 'weather', 5)).toEqual([forecast]);
    expect(searchTools([forecast], 'city map route', 5)).toEqual([]);
  });

  it('requires +terms', () => {
    expect(searchTools(pool, 'github +code', 5).map((t) => t.name)).toEqual(['mcp__github__search_code']);
    expect(searchTools(pool, '+github +download', 5)).toEqual([]);
  });

  it('loads keyword matches up to max_results (default 5) and appends them after the tools already sent', async () => {
    const context = createTestContext(pool);
    const before = toolSpecsForRequest(pool, context.state()).map((s) => s.name);
    await search(context, { query: 'github', max_results: 1 });
    expect(context.state().discoveredTools).toEqual(['mcp__github__create_issue']);
    const after = toolSpecsForRequest(pool, context.state()).map((s) => s.name);
    expect(after).toEqual([...before, 'mcp__github__create_issue']);
    await search(context, { query: 'github repository' });
    expect(context.state().discoveredTools).toEqual(['mcp__github__create_issue', 'mcp__github__search_code']);
  });

  it('answers no match with helpful text, not an error', async () => {
    const context = createTestContext(pool);
    const { outcome, text } = await search(context, { query: 'teleport' });
    expect(outcome.isError).toBe(false);
    expect(text).toContain('No tool matched "teleport": no tool you can load does that.');
    // Each tool it could load, with what it is for, so the model can tell the person what is missing.
    expect(text).toContain('- memory_write: remember a note across conversations');
    expect(text).toContain('select:<name>');
    expect(context.state().discoveredTools).toEqual([]);
  });

  it('makes a deferred tool callable: refused before, runs after', async () => {
    const context = createTestContext(pool);
    const call = () => executeToolCall({ type: 'tool_use', id: 'm', name: 'memory_write', input: {} }, context, { canUseTool: allowAll() });
    expect((await call()).isError).toBe(true);
    await search(context, { query: 'select:memory_write' });
    expect((await call()).decision.content).toEqual([{ type: 'text', text: 'memory_write ran' }]);
  });

  it('is read-only, concurrency-safe and never deferred', () => {
    expect(toolSearch.isReadOnly({ query: 'x', max_results: 5 })).toBe(true);
    expect(toolSearch.isConcurrencySafe({ query: 'x', max_results: 5 })).toBe(true);
    expect(toolSpecsForRequest(pool, { discoveredTools: [], grants: [] }).map((s) => s.name)).toContain('tool_search');
  });

  it('declares the facts the pool reads, instead of being named there: always loaded, and in simple mode', () => {
    expect([toolSearch.alwaysLoad, toolSearch.inSimpleMode]).toEqual([true, true]);
    // Even if it were marked rare, it would still be sent: the model could not reach it otherwise.
    expect(isDeferredTool({ ...toolSearch, shouldDefer: true })).toBe(false);
    expect(filterTools([toolSearch, click], { mode: 'ask', rules: { allow: [], deny: [], ask: [] }, grants: [] }, true)).toEqual([toolSearch]);
  });
});
