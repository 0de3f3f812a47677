/** The tab and storage tools inside the real runtime: errors reach the model structured, switch_tab moves the run. */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { executeToolCall } from '../runtime/execute.js';
import type { CanUseTool } from '../runtime/tool.js';
import { createIdbMemoryStore } from '../storage/memory.js';
import { openDatabase } from '../storage/database.js';
import { builtInTools } from './index.js';
import { FakeBrowser } from '../../tests/support/fake-browser.js';
import { runTurn } from '../../tests/support/runtime-tools.js';
import { fakeContext } from '../../tests/support/tool-context.js';

const allow: CanUseTool = async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: 'test' } });
const textOf = (blocks: Array<{ type: string; text?: string }>) => blocks.map((b) => b.text ?? '').join('');

function setup() {
  const browser = new FakeBrowser([
    { id: 1, active: true, url: 'https://a.test/' },
    { id: 2, url: 'https://b.test/' },
  ]);
  const tools = builtInTools();
  const context = fakeContext({
    tools,
    browser,
    memory: createIdbMemoryStore(openDatabase(`through-runtime-${Math.random()}`)),
    currentTabId: 1,
    windowId: 1,
    appState: { discoveredTools: ['memory_read', 'memory_write', 'memory_delete', 'save_file'], grants: [] },
  });
  return { browser, context };
}

describe('tab and storage tools through the executor', () => {
  it('are all registered in the one static list', () => {
    const names = builtInTools().map((tool) => tool.name);
    for (const name of ['list_tabs', 'open_tab', 'switch_tab', 'close_tab', 'read_result', 'memory_read', 'memory_write', 'memory_delete', 'save_file']) {
      expect(names).toContain(name);
    }
  });

  it('a closed tab reaches the model as a TAB_CLOSED error with a list_tabs suggestion', async () => {
    const { context } = setup();
    const outcome = await executeToolCall({ type: 'tool_use', id: 'tu_1', name: 'switch_tab', input: { tab_id: 77 } }, context, { canUseTool: allow });
    expect(outcome.isError).toBe(true);
    const payload = JSON.parse(textOf(outcome.decision.content)) as { error: { code: string; suggestion: string } };
    expect(payload.error.code).toBe('TAB_CLOSED');
    expect(payload.error.suggestion).toMatch(/list_tabs/);
  });

  it('a path-traversal filename is refused at validation, before any download', async () => {
    const { browser, context } = setup();
    const outcome = await executeToolCall({ type: 'tool_use', id: 'tu_2', name: 'save_file', input: { filename: '../../.bashrc', content: 'x' } }, context, {
      canUseTool: allow,
    });
    expect(outcome.error?.code).toBe('INVALID_FILENAME');
    expect(browser.downloads).toEqual([]);
  });

  it('an oversized memory value is refused with VALUE_TOO_LARGE', async () => {
    const { context } = setup();
    const outcome = await executeToolCall({ type: 'tool_use', id: 'tu_3', name: 'memory_write', input: { key: 'big', value: 'x'.repeat(20_001) } }, context, {
      canUseTool: allow,
    });
    expect(outcome.error?.code).toBe('VALUE_TOO_LARGE');
  });

  it('switch_tab changes the current tab of the context later calls get', async () => {
    const { context } = setup();
    const { context: after, results } = await runTurn(
      [
        { type: 'tool_use', id: 'tu_4', name: 'switch_tab', input: { tab_id: 2 } },
        { type: 'tool_use', id: 'tu_5', name: 'list_tabs', input: {} },
      ],
      context,
      { canUseTool: allow, emit: () => undefined },
    );
    expect(after.currentTabId).toBe(2);
    const listed = JSON.parse(textOf(results[1]?.content ?? [])) as { current_tab_id: number };
    expect(listed.current_tab_id).toBe(2);
  });
});
