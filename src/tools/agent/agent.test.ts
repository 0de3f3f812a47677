/**
 * The agent tool through the real loop: the main agent delegates, a helper (on the same scripted model)
 * opens its own background tabs, reads them, reports, and its tabs are closed. The model's replies are
 * computed from each request (helper or main, which job), so parallel helpers can interleave.
 */
import { describe, expect, it } from 'vitest';
import { INTERRUPT_REASON } from '../../runtime/abort.js';
import type { AgentEvent } from '../../runtime/events.js';
import { runAgent } from '../../runtime/loop.js';
import { createScriptedClient, type RecordedModelRequest, type ScriptedReply } from '../../runtime/model/scripted.js';
import type { CanUseTool } from '../../runtime/tool.js';
import { REPORT_NOW } from '../../runtime/subagent.js';
import { FakeBrowser, pageOk, type SentCommand } from '../../../tests/support/fake-browser.js';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { builtInTools } from '../index.js';
import type { AgentOutput, AgentProgress } from './agent.js';

const PAGES: Record<string, string> = {
  'https://shop.test/a': '# Laptop A\nPrice: 999 EUR. Battery: 10 h.',
  'https://shop.test/b': '# Laptop B\nPrice: 1,199 EUR. Battery: 14 h.',
};

function browserWithPages() {
  const tabs: { browser?: FakeBrowser } = {};
  const answer = ({ tabId, command }: SentCommand) => {
    const url = tabs.browser?.tabs.get(tabId)?.url ?? '';
    if (command.type === 'page_text') return pageOk({ url, title: url, markdown: PAGES[url] ?? '(empty)', usedReadability: true });
    throw new Error(`unexpected ${command.type}`);
  };
  tabs.browser = new FakeBrowser([{ id: 1, active: true, url: 'https://shop.test/', title: 'Shop' }], { answer });
  return tabs.browser;
}

const allow: CanUseTool = async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: 'test' } });
const isHelper = (request: RecordedModelRequest) => request.system.startsWith('You are a research helper');
const lastResults = (request: RecordedModelRequest) =>
  (request.messages.at(-1)?.content ?? []).flatMap((block) =>
    block.type === 'tool_result' ? block.content.flatMap((c) => (c.type === 'text' ? [c.text] : [])) : [],
  );
const taskOf = (request: RecordedModelRequest) => {
  const first = request.messages[0]?.content[0];
  return first?.type === 'text' ? first.text : '';
};

/** A helper that opens the pages its task names, reads them, and reports the prices. */
function helperReply(request: RecordedModelRequest): ScriptedReply {
  const urls = Object.keys(PAGES).filter((url) => taskOf(request).includes(url));
  const turn = request.messages.filter((message) => message.role === 'assistant').length;
  if (turn === 0) return { toolCalls: urls.map((url) => ({ name: 'open_tab', input: { url } })) };
  if (turn === 1) {
    const tabs = lastResults(request).map((text) => (JSON.parse(text) as { tab_id: number }).tab_id);
    return { toolCalls: tabs.map((tab_id) => ({ name: 'get_page_text', input: { tab_id } })) };
  }
  return {
    text: `Prices: ${lastResults(request)
      .map((text) => /Price: ([\d,]+ EUR)/.exec(text)?.[1])
      .join(' and ')}.`,
  };
}

function setup(main: (request: RecordedModelRequest) => ScriptedReply, helper = helperReply) {
  const model = createScriptedClient(
    Array.from({ length: 40 }, () => (request: RecordedModelRequest) => (isHelper(request) ? helper(request) : main(request))),
  );
  const browser = browserWithPages();
  const context = createTestContext(builtInTools(), {
    browser,
    model,
    currentTabId: 1,
    permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
  });
  const events: AgentEvent[] = [];
  const run = (canUseTool: CanUseTool = allow) =>
    runAgent({
      runId: 'main',
      model,
      system: 'Main agent.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Compare.' }] }],
      context,
      canUseTool,
      onEvent: (e) => events.push(e),
    });
  return { model, browser, context, events, run };
}

const outputOf = (events: AgentEvent[], id: string) => {
  const finished = events.find((e) => e.type === 'tool_call_finished' && e.toolUseId === id);
  return finished?.type === 'tool_call_finished' ? { ...finished, output: finished.output as AgentOutput } : undefined;
};

describe('agent', () => {
  it('the helper’s open_tab has no `active` to choose: the tab it opens is the one its page tools read next', async () => {
    const helper = (request: RecordedModelRequest): ScriptedReply => {
      const turn = request.messages.filter((message) => message.role === 'assistant').length;
      // A helper that copies the main agent's habit is told the field is not there, and goes on without it.
      if (turn === 0) return { toolCalls: [{ name: 'open_tab', input: { url: 'https://shop.test/a', active: false } }] };
      if (turn === 1) return { toolCalls: [{ name: 'open_tab', input: { url: 'https://shop.test/a' } }] };
      if (turn === 2) return { toolCalls: [{ name: 'get_page_text', input: {} }] };
      return { text: lastResults(request).join(' ') };
    };
    const { model, events, run } = setup(
      (request) =>
        request.messages.length === 1
          ? { toolCalls: [{ id: 'h1', name: 'agent', input: { description: 'Read laptop A', prompt: 'Read https://shop.test/a.' } }] }
          : { text: 'Done.' },
      helper,
    );
    await run();
    expect(outputOf(events, 'h1')?.output.report).toContain('Price: 999 EUR');
    const spec = model.requests.find(isHelper)?.tools.find((tool) => tool.name === 'open_tab');
    expect(Object.keys((spec?.input_schema as { properties: object }).properties)).toEqual(['url']);
    expect(spec?.description).not.toContain('active');
    const refused = JSON.stringify(model.requests.filter(isHelper)[1]?.messages.at(-1));
    expect(refused).toContain('active');
    expect(refused).toContain('is_error');
  });

  it('reads two pages in its own background tabs, reports concisely, and closes its tabs', async () => {
    const { model, browser, events, run } = setup((request) =>
      request.messages.length === 1
        ? {
            toolCalls: [
              {
                id: 'h1',
                name: 'agent',
                input: { description: 'Compare two laptops', prompt: 'Compare the prices at https://shop.test/a and https://shop.test/b.' },
              },
            ],
          }
        : { text: 'Done.' },
    );
    const result = await run();
    expect(result.reason).toBe('end_turn');
    const finished = outputOf(events, 'h1');
    expect(finished?.status).toBe('done');
    expect(finished?.output.report).toBe('Prices: 999 EUR and 1,199 EUR.');
    expect(finished?.output.tabsClosed).toBe(2);
    expect(finished?.output.steps.map((step) => [step.tool, step.status])).toEqual([
      ['open_tab', 'done'],
      ['open_tab', 'done'],
      ['get_page_text', 'done'],
      ['get_page_text', 'done'],
    ]);
    // Only the person's tab is left, still in front; the pages' text never reached the main agent.
    expect([...browser.tabs.values()].map((tab) => [tab.id, tab.active])).toEqual([[1, true]]);
    const mainSaw = JSON.stringify(model.requests.filter((r) => !isHelper(r)).at(-1)?.messages);
    expect(mainSaw).toContain('Prices: 999 EUR and 1,199 EUR.');
    expect(mainSaw).not.toContain('Battery');
    // The helper was offered reads and open_tab only; progress showed its steps as they happened.
    expect(
      model.requests
        .find(isHelper)
        ?.tools.map((t) => t.name)
        .sort(),
    ).toEqual(['find', 'get_page_text', 'list_tabs', 'open_tab', 'read_page', 'read_result', 'wait_for']);
    const progress = events.flatMap((e) => (e.type === 'tool_call_progress' && e.toolUseId === 'h1' ? [e.progress as AgentProgress] : []));
    expect(progress.some((p) => p.steps.some((step) => step.status === 'running'))).toBe(true);
  });

  it('runs several helpers in parallel', async () => {
    const inFlight = new Set<string>();
    let overlap = false;
    const { events, run } = setup(
      (request) =>
        request.messages.length === 1
          ? {
              toolCalls: [
                { id: 'ha', name: 'agent', input: { description: 'Read A', prompt: 'Read https://shop.test/a' } },
                { id: 'hb', name: 'agent', input: { description: 'Read B', prompt: 'Read https://shop.test/b' } },
              ],
            }
          : { text: 'Both read.' },
      (request) => {
        const task = taskOf(request);
        inFlight.add(task);
        if (inFlight.size > 1) overlap = true;
        const reply = helperReply(request);
        if ('text' in reply && !('toolCalls' in reply)) inFlight.delete(task);
        return reply;
      },
    );
    await run();
    expect(overlap).toBe(true);
    expect(outputOf(events, 'ha')?.output.report).toBe('Prices: 999 EUR.');
    expect(outputOf(events, 'hb')?.output.report).toBe('Prices: 1,199 EUR.');
  });

  it('asks a helper that used up its turns for its report, without tools', async () => {
    let asked: RecordedModelRequest | undefined;
    const { events, run } = setup(
      (request) =>
        request.messages.length === 1
          ? { toolCalls: [{ id: 'h1', name: 'agent', input: { description: 'Endless', prompt: 'Keep listing tabs forever.' } }] }
          : { text: 'Done.' },
      (request) => {
        if (request.tools.length === 0) {
          asked = request;
          return { text: 'Found nothing useful.' };
        }
        return { toolCalls: [{ name: 'list_tabs', input: {} }] };
      },
    );
    await run();
    expect(asked?.messages.at(-1)?.content.at(-1)).toEqual({ type: 'text', text: REPORT_NOW });
    expect(outputOf(events, 'h1')?.output).toMatchObject({ report: 'Found nothing useful.', stopReason: 'max_turns', turn: 13 });
  });

  it('opens tabs only as the parent’s permission rules allow, and its tabs close when the person stops the run', async () => {
    const asked: string[] = [];
    const { browser, context, events, run } = setup(
      (request) =>
        request.messages.length === 1
          ? { toolCalls: [{ id: 'h1', name: 'agent', input: { description: 'Read A', prompt: 'Read https://shop.test/a' } }] }
          : { text: 'Stopped.' },
      (request) => {
        const reply = helperReply(request);
        // Hold the helper after it opened its tab, until the person presses Stop.
        return 'toolCalls' in reply && reply.toolCalls?.[0]?.name === 'get_page_text' ? { hang: true } : reply;
      },
    );
    const canUseTool: CanUseTool = async (tool, input, ctx, id) => {
      asked.push(`${ctx.agentType} ${tool.name}`);
      if (tool.name === 'open_tab') setTimeout(() => context.abortController.abort(INTERRUPT_REASON), 20);
      return allow(tool, input, ctx, id);
    };
    const result = await run(canUseTool);
    expect(result.reason).toBe('interrupted');
    expect(asked).toEqual(['main agent', 'subagent open_tab']);
    expect(events.find((e) => e.type === 'tool_call_finished' && e.toolUseId === 'h1')).toMatchObject({ status: 'cancelled' });
    await expect.poll(() => [...browser.tabs.keys()]).toEqual([1]);
  });

  it('is not offered to helpers, nor to runs without a browser or a model', () => {
    const tool = builtInTools().find((t) => t.name === 'agent')!;
    const browser = new FakeBrowser();
    const model = createScriptedClient([]);
    expect(tool.isEnabled(createTestContext([], { browser, model }))).toBe(true);
    expect(tool.isEnabled(createTestContext([], { browser }))).toBe(false);
    expect(tool.isEnabled(createTestContext([], { model }))).toBe(false);
    expect(tool.isEnabled({ ...createTestContext([], { browser, model }), agentType: 'subagent' })).toBe(false);
  });
});
