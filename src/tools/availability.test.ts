/**
 * `isEnabled` and aliases on the real tool list: a run is offered only the tools that can work in it, and
 * the names other browser agents use for our tools still reach them.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryResultStore } from '../runtime/budget.js';
import { createRootContext, initialAppState, type MemoryStore } from '../runtime/context.js';
import { runAgent } from '../runtime/loop.js';
import { createScriptedClient } from '../runtime/model/scripted.js';
import { findToolByName, toolSpecsForRequest } from '../runtime/registry.js';
import { FakeBrowser } from '../../tests/support/fake-browser.js';
import { builtInTools } from './index.js';

const tools = builtInTools();
const memory: MemoryStore = { list: async () => [], get: async () => undefined, set: async () => {}, delete: async () => false };

function offered(options: { browser?: boolean; tab?: boolean; memory?: boolean; discovered?: string[] }): string[] {
  const context = createRootContext({
    agentId: 'test',
    resultStore: createMemoryResultStore(),
    permissions: { mode: 'ask', rules: { allow: [], deny: [], ask: [] }, grants: [] },
    tools,
    ...(options.browser ? { browser: new FakeBrowser() } : {}),
    ...(options.tab ? { currentTabId: 1 } : {}),
    ...(options.memory ? { memory } : {}),
  });
  return toolSpecsForRequest(tools, { ...initialAppState(), discoveredTools: options.discovered ?? [] }, context).map((spec) => spec.name);
}

const PAGE_TOOLS = [
  'click',
  'fill_form',
  'find',
  'get_page_text',
  'navigate',
  'press_key',
  'read_page',
  'screenshot',
  'scroll',
  'select_option',
  'type',
  'wait_for',
];
const TAB_TOOLS = ['close_tab', 'list_tabs', 'open_tab', 'switch_tab'];

describe('isEnabled: tools that cannot work now are not offered', () => {
  it('a run without a browser gets neither page nor tab tools', () => {
    const names = offered({});
    for (const name of [...PAGE_TOOLS, ...TAB_TOOLS]) expect(names).not.toContain(name);
    expect(names).toContain('read_result');
  });

  it('a run with a browser but no tab gets the tab tools, and the page tools once it has a tab', () => {
    const noTab = offered({ browser: true });
    for (const name of TAB_TOOLS) expect(noTab).toContain(name);
    for (const name of PAGE_TOOLS) expect(noTab).not.toContain(name);
    const withTab = offered({ browser: true, tab: true });
    for (const name of [...PAGE_TOOLS, ...TAB_TOOLS]) expect(withTab).toContain(name);
  });

  it('memory tools need the memory store, even once found; tool_search is offered only when it has something to load', () => {
    expect(offered({ browser: true, tab: true, discovered: ['memory_read'] })).not.toContain('memory_read');
    expect(offered({ browser: true, tab: true, memory: true, discovered: ['memory_read'] })).toContain('memory_read');
    // Without a browser or memory, every deferred tool (hover, save_file, memory_*) is unavailable.
    expect(offered({})).not.toContain('tool_search');
    expect(offered({ browser: true, tab: true })).toContain('tool_search');
  });

  it('the loop sends only the enabled tools', async () => {
    const model = createScriptedClient([{ text: 'No page here.' }]);
    const context = createRootContext({
      agentId: 'run',
      resultStore: createMemoryResultStore(),
      permissions: { mode: 'ask', rules: { allow: [], deny: [], ask: [] }, grants: [] },
      tools,
    });
    await runAgent({
      runId: 'r',
      model,
      system: 's',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
      context,
      canUseTool: async () => ({ behavior: 'deny', message: 'no', suggestion: '', reason: { type: 'mode', mode: 'ask', detail: '' } }),
      onEvent: () => {},
    });
    expect(model.requests[0]?.tools.map((spec) => spec.name)).toEqual(['read_result']);
  });
});

describe('aliases', () => {
  it('resolve the names other browser agents use to our tools', () => {
    const cases: Array<[string, string]> = [
      ['goto', 'navigate'],
      ['open_url', 'navigate'],
      ['browser_navigate', 'navigate'],
      ['type_text', 'type'],
      ['input_text', 'type'],
      ['click_element', 'click'],
      ['send_keys', 'press_key'],
      ['browser_snapshot', 'read_page'],
      ['extract_content', 'get_page_text'],
      ['take_screenshot', 'screenshot'],
      ['new_tab', 'open_tab'],
    ];
    for (const [alias, name] of cases) expect(findToolByName(tools, alias)?.name, alias).toBe(name);
  });

  it('never shadow or repeat a name', () => {
    const names = new Set(tools.map((tool) => tool.name));
    const aliases = tools.flatMap((tool) => tool.aliases);
    expect(aliases.filter((alias) => names.has(alias))).toEqual([]);
    expect(new Set(aliases).size).toBe(aliases.length);
  });
});
