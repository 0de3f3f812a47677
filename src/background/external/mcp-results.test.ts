import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../runtime/events.js';
import { buildToolPool } from '../../runtime/registry.js';
import { builtInTools } from '../../tools/index.js';
import { mcpCallResult, mcpToolList, toolAnnotations, toolsForOutsideSessions } from './mcp-results.js';

const pool = toolsForOutsideSessions(buildToolPool(builtInTools(), [], { mode: 'ask', rules: { allow: [], deny: [], ask: [] }, grants: [] }));
const tool = (name: string) => {
  const found = pool.find((t) => t.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

describe('the registry as MCP tools', () => {
  it('keeps every built-in but the helper agent and tool_search, with the same names and schemas', () => {
    const names = pool.map((t) => t.name);
    expect(names).not.toContain('agent');
    expect(names).not.toContain('tool_search');
    expect(names).toEqual(expect.arrayContaining(['read_page', 'click', 'read_console', 'read_network', 'run_script']));
    const listed = mcpToolList(pool).tools.find((t) => t.name === 'type');
    expect(listed?.inputSchema).toMatchObject({ type: 'object', additionalProperties: false, properties: { ref: expect.anything(), text: expect.anything() } });
  });

  it('annotates from each tool’s own safety, conservatively where it judges per call', () => {
    const table = Object.fromEntries(
      [
        'read_page',
        'screenshot',
        'read_console',
        'list_tabs',
        'memory_read',
        'read_result',
        'click',
        'type',
        'press_key',
        'close_tab',
        'run_script',
        'memory_write',
        'navigate',
      ].map((name) => [name, toolAnnotations(tool(name))]),
    );
    for (const name of ['read_page', 'screenshot', 'read_console', 'list_tabs'])
      expect(table[name]).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: true });
    for (const name of ['memory_read', 'read_result']) expect(table[name]).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    // Judged per call (a click on "Delete account", Enter that submits, a navigation elsewhere): marked as possibly destructive.
    for (const name of ['click', 'type', 'press_key', 'navigate'])
      expect(table[name]).toMatchObject({ readOnlyHint: false, destructiveHint: true, openWorldHint: true });
    for (const name of ['close_tab', 'run_script']) expect(table[name]).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(table['memory_write']).toMatchObject({ readOnlyHint: false, openWorldHint: false });
    expect(table['read_page']?.title).toBe('Read page');
  });
});

type Finished = Extract<AgentEvent, { type: 'tool_call_finished' }>;
const finished = (over: Partial<Finished>): Finished => ({
  type: 'tool_call_finished',
  toolUseId: 'mcp_1',
  name: 'list_tabs',
  status: 'done',
  content: [{ type: 'text', text: '{"tabs": []}' }],
  isError: false,
  durationMs: 3,
  ...over,
});

describe('a finished call as an MCP result', () => {
  it('carries text and images, the data as structuredContent, and who allowed it in _meta', () => {
    const result = mcpCallResult(
      finished({
        content: [
          { type: 'text', text: 'Screenshot of tab 3' },
          { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: 'AAAA' } },
        ],
        output: { tab_id: 3, width: 10 },
        permission: { type: 'person', choice: 'allow_once' },
      }),
    );
    expect(result).toEqual({
      content: [
        { type: 'text', text: 'Screenshot of tab 3' },
        { type: 'image', data: 'AAAA', mimeType: 'image/jpeg' },
      ],
      isError: false,
      structuredContent: { tab_id: 3, width: 10 },
      _meta: { 'dev.pagewright/allowedBy': 'the person (once)' },
    });
  });

  it('keeps the result budget: a stored result gives the preview and its handle, not the whole data', () => {
    const result = mcpCallResult(
      finished({ content: [{ type: 'text', text: 'preview… read_result' }], output: { huge: true }, persisted: { storedId: 'res_9', totalChars: 90_000 } }),
    );
    expect(result.structuredContent).toBeUndefined();
    expect(result._meta).toEqual({ 'dev.pagewright/storedId': 'res_9' });
  });

  it('turns a failure into isError with the same code, message and suggestion', () => {
    const error = { code: 'PERMISSION_DENIED', message: 'The person declined "Click Delete".', suggestion: 'Do not repeat this call.', tool: 'click' };
    const result = mcpCallResult(finished({ status: 'rejected', isError: true, content: [{ type: 'text', text: JSON.stringify({ error }) }] }));
    expect(result).toMatchObject({ isError: true, structuredContent: { error } });
  });
});
