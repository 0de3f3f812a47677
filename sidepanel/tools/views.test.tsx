/**
 * Each tool view renders what its tool really returns: the real tool runs (against the fake browser),
 * through the real executor, its events are folded the way the panel folds them, and the view
 * renders the result. A tool whose output or progress changes shape fails here, not in front of a person.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { render } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../src/runtime/events.js';
import type { AnyTool } from '../../src/runtime/tool.js';
import { foldAgentEvent, type TranscriptEntry } from '../../src/shared/transcript.js';
import { createScriptedClient } from '../../src/runtime/model/scripted.js';
import { builtInTools } from '../../src/tools/index.js';
import { click } from '../../src/tools/page/click.js';
import { fillForm } from '../../src/tools/page/fill-form.js';
import { find } from '../../src/tools/page/find.js';
import { navigate } from '../../src/tools/page/navigate.js';
import { readPage } from '../../src/tools/page/read-page.js';
import { screenshot } from '../../src/tools/page/screenshot.js';
import { typeText } from '../../src/tools/page/type.js';
import { waitFor } from '../../src/tools/page/wait-for.js';
import { FakeBrowser, pageOk, type SentCommand } from '../../tests/support/fake-browser.js';
import { runTurn } from '../../tests/support/runtime-tools.js';
import { createTestContext } from '../../tests/support/tool-context.js';
import { ToolCall } from '../components/ToolCall.js';
import { toolCallsFromEntries } from '../models/display-items.js';
import type { ToolCallView } from '../models/types.js';
import { customViewFor, toolNameOfViewFile, viewFiles } from './registry.js';

const context = { openFullResult: () => undefined, fullResult: () => undefined, awaitingPermission: () => false };

/** Content scripts of a small account page. */
function answer({ command }: SentCommand): unknown {
  const action = { documentId: 'doc', url: 'https://shop.test/account' };
  switch (command.type) {
    case 'snapshot':
      return pageOk({
        ...action,
        title: 'Account',
        text: '- heading "Account" [level=1] [ref=e1]\n- button "Save" [ref=e2]\n- textbox "Email" [ref=e3]',
        elements: { e2: { role: 'button', name: 'Save' }, e3: { role: 'textbox', name: 'Email' } },
        frames: [],
        nodeCount: 3,
        truncated: false,
      });
    case 'find':
      return pageOk({
        ...action,
        matches: [{ ref: 'e2', line: '- button "Save" [ref=e2]', score: 1 }],
        elements: { e2: { role: 'button', name: 'Save' } },
        total: 1,
        frames: [],
      });
    case 'click':
      return pageOk({ ...action, summary: 'Clicked button "Save".' });
    case 'type':
      return pageOk({ ...action, summary: 'Typed into textbox "Email"; its value is now "ada@example.com".' });
    case 'fill':
      return pageOk({ ...action, summary: 'Filled 1 of 1 fields.', results: [{ ref: 'e3', ok: true, message: 'Set textbox "Email".' }] });
    case 'text_present':
      return pageOk({ url: action.url, textFound: true });
    default:
      throw new Error(`unexpected command ${command.type}`);
  }
}

/** Runs one call of a real tool and returns it as the panel shows it, with every progress report seen. */
async function shown(tool: AnyTool, input: Record<string, unknown>): Promise<{ call: ToolCallView; progress: ToolCallView[] }> {
  const ctx = createTestContext([tool], { browser: new FakeBrowser(undefined, { answer }) });
  // The run has read the page first (refs belong to the run that read them).
  ctx.snapshots.update(1, 'https://shop.test/account', { e2: { role: 'button', name: 'Save' }, e3: { role: 'textbox', name: 'Email' } });
  let entries: TranscriptEntry[] = [];
  const progress: ToolCallView[] = [];
  const emit = (event: AgentEvent) => {
    entries = foldAgentEvent(entries, event).entries;
    if (event.type === 'tool_call_progress') progress.push(toolCallsFromEntries(entries).get('t1') as ToolCallView);
  };
  await runTurn([{ type: 'tool_use', id: 't1', name: tool.name, input }], ctx, {
    canUseTool: async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: '' } }),
    emit,
  });
  const call = toolCallsFromEntries(entries).get('t1') as ToolCallView;
  expect(call.status, JSON.stringify(call.error)).toBe('done');
  return { call, progress };
}

const html = (call: ToolCallView) => render(<ToolCall call={call} context={context} />);

describe('views render what their tools return', () => {
  it('navigate: where the tab landed, as a link', async () => {
    const { call } = await shown(navigate, { url: 'https://shop.test/cart' });
    expect(html(call)).toContain('Now on <a href="https://shop.test/cart" target="_blank" rel="noopener noreferrer">Landed</a>');
  });

  it('wait_for: its own progress reports, as a bar against its limit', async () => {
    let polls = 0;
    const slow = new FakeBrowser(undefined, { answer: () => pageOk({ url: 'https://shop.test/', textFound: ++polls > 2 }) });
    const ctx = createTestContext([waitFor], { browser: slow });
    let entries: TranscriptEntry[] = [];
    let running: ToolCallView | undefined;
    await runTurn([{ type: 'tool_use', id: 'w', name: 'wait_for', input: { text: 'Ready', seconds: 8 } }], ctx, {
      canUseTool: async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: '' } }),
      emit: (event) => {
        entries = foldAgentEvent(entries, event).entries;
        if (event.type === 'tool_call_progress') running ??= toolCallsFromEntries(entries).get('w');
      },
    });
    expect(running).toBeDefined();
    const out = html(running as ToolCallView);
    expect(out).toMatch(/<progress value="0(\.\d+)?" max="1"/);
    expect(out).toContain('Waiting for “Ready” to appear — 0 s of 8 s');
  });

  it('screenshot: the image it captured', async () => {
    const { call } = await shown(screenshot, {});
    // A thumbnail, as a button that opens it full size, named after the page.
    expect(html(call)).toMatch(
      /<button type="button" aria-label="Open the screenshot of “Account” full size" class="thumbnail"><img src="data:image\/png;base64,iVBOR/,
    );
    expect(html(call)).toContain('<strong>Screenshot</strong> of “Account”');
  });

  it('read_page and find: the tree and the matches, with their ref counts', async () => {
    expect(html((await shown(readPage, {})).call)).toContain('Page: Account — https://shop.test/account');
    expect(html((await shown(find, { query: 'save' })).call)).toContain('[ref=e2]');
  });

  it('click, type and fill_form: the line the page reported', async () => {
    // No debugger in a fake browser: the line says the act used synthetic events, and what the page saw.
    expect(html((await shown(click, { ref: 'e2' })).call)).toContain(
      'Clicked button &quot;Save&quot; [synthetic events: trusted input is not available in this browser context]. Then: no visible change.',
    );
    expect(html((await shown(typeText, { ref: 'e3', text: 'ada@example.com' })).call)).toContain('its value is now &quot;ada@example.com&quot;');
    expect(html((await shown(fillForm, { fields: [{ ref: 'e3', value: 'ada@example.com' }] })).call)).toContain(
      'Filled 1 field:\ne3: ok — Set textbox &quot;Email&quot;.',
    );
  });
});

describe('progress views render what their tools report', () => {
  it('navigate: each stage the browser reports, as a bar of four', async () => {
    const { progress } = await shown(navigate, { url: 'https://shop.test/cart' });
    expect(progress.map((call) => (call.progress as { stage: string }).stage)).toEqual(['started', 'committed', 'dom_ready', 'loaded']);
    const committed = html(progress[1] as ToolCallView);
    expect(committed).toContain('<progress value="0.5" max="1" aria-label="Navigating"');
    expect(committed).toContain('Page arriving — https://shop.test/cart');
  });

  it('fill_form: fields filled of all', async () => {
    const { progress } = await shown(fillForm, { fields: [{ ref: 'e3', value: 'ada@example.com' }] });
    expect(html(progress[0] as ToolCallView)).toContain('Filled 0 of 1 fields');
    expect(html(progress.at(-1) as ToolCallView)).toContain('<progress value="1" max="1" aria-label="Filling"');
  });

  it('read_page: frames read of those found, on a page with a frame', async () => {
    const framed = ({ command, frameId }: SentCommand): unknown => {
      if (command.type !== 'snapshot') return answer({ command, frameId, tabId: 1 });
      if (!frameId)
        return pageOk({
          documentId: 'top',
          url: 'https://shop.test/',
          title: 'Shop',
          text: '- heading "Shop" [level=1] [ref=e1]\n- iframe [ref=e2]',
          elements: {},
          frames: [{ ref: 'e2', index: 0, src: 'https://pay.test/', line: 1 }],
          nodeCount: 2,
          truncated: false,
        });
      return pageOk({
        documentId: 'inner',
        url: 'https://pay.test/',
        title: 'Pay',
        text: '- button "Pay" [ref=e1]',
        elements: { e1: { role: 'button', name: 'Pay' } },
        frames: [],
        nodeCount: 1,
        truncated: false,
      });
    };
    const frames = [
      { frameId: 0, parentFrameId: -1, url: 'https://shop.test/' },
      { frameId: 7, parentFrameId: 0, url: 'https://pay.test/' },
    ];
    const ctx = createTestContext([readPage], { browser: new FakeBrowser(undefined, { answer: framed, frames }) });
    let entries: TranscriptEntry[] = [];
    const seen: ToolCallView[] = [];
    await runTurn([{ type: 'tool_use', id: 'r', name: 'read_page', input: {} }], ctx, {
      canUseTool: async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: '' } }),
      emit: (event) => {
        entries = foldAgentEvent(entries, event).entries;
        if (event.type === 'tool_call_progress') seen.push(toolCallsFromEntries(entries).get('r') as ToolCallView);
      },
    });
    expect(seen.map((call) => call.progress)).toEqual([
      { frames_done: 1, frames_total: 2 },
      { frames_done: 2, frames_total: 2 },
    ]);
    expect(html(seen[0] as ToolCallView)).toContain('Read 1 of 2 frames');
  });

  it('a tool that reports nothing shows how long it has run', () => {
    const call: ToolCallView = { toolUseId: 'x', name: 'list_tabs', input: {}, description: 'List tabs', status: 'running', startedAt: Date.now() - 65_000 };
    expect(html(call)).toMatch(/Working… <span class="elapsed">1 min (5|6) s<\/span>/);
  });
});

describe('the agent view shows a helper as a group with its steps', () => {
  it('renders the real helper’s steps while it works, then its report with the steps folded', async () => {
    const browser = new FakeBrowser(undefined, {
      answer: ({ command }) =>
        command.type === 'page_text'
          ? pageOk({ url: 'https://shop.test/a', title: 'A', markdown: 'Refunds within 30 days.', usedReadability: true })
          : answer({ command, tabId: 1, frameId: undefined }),
    });
    const model = createScriptedClient([
      { toolCalls: [{ name: 'open_tab', input: { url: 'https://shop.test/a' } }] },
      { toolCalls: [{ name: 'get_page_text', input: {} }] },
      { text: 'Refunds: within 30 days (https://shop.test/a).' },
    ]);
    const ctx = createTestContext(builtInTools(), { browser, model, permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] } });
    let entries: TranscriptEntry[] = [];
    const running: string[] = [];
    await runTurn(
      [{ type: 'tool_use', id: 'h', name: 'agent', input: { description: 'Find the refund policy', prompt: 'Find the refund policy at https://shop.test/a' } }],
      ctx,
      {
        canUseTool: async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'auto', detail: '' } }),
        emit: (event) => {
          entries = foldAgentEvent(entries, event).entries;
          if (event.type === 'tool_call_progress') running.push(html(toolCallsFromEntries(entries).get('h') as ToolCallView));
        },
      },
    );
    expect(running.some((out) => /data-step-tool="open_tab" data-status="running"/.test(out))).toBe(true);
    const done = html(toolCallsFromEntries(entries).get('h') as ToolCallView);
    expect(done).toContain('<strong>Helper</strong> — Find the refund policy');
    expect(done).toContain('Refunds: within 30 days (https://shop.test/a).');
    expect(done).toContain('2 steps in 3 turns; 1 background tab closed');
    expect(done).toMatch(/data-step-tool="get_page_text" data-status="done"/);
  });
});

describe('view files', () => {
  const toolNames = new Set(builtInTools().map((tool) => tool.name));

  it('every view file sits where its tool sits in src/tools, named after it', () => {
    expect(viewFiles().length).toBeGreaterThan(5);
    for (const { name, path } of viewFiles()) {
      expect(toolNames.has(name), `${path} has no tool named ${name}`).toBe(true);
      const toolFile = join(import.meta.dirname, '../../src/tools', path.replace(/^\.\//, '').replace(/\.tsx$/, '.ts'));
      const dir = readdirSync(join(toolFile, '..'));
      expect(dir, `${path} mirrors ${toolFile}`).toContain(toolFile.split('/').pop());
    }
  });

  it('file names map to tool names', () => {
    expect(toolNameOfViewFile('./page/read-page.tsx')).toBe('read_page');
    expect(customViewFor('read_page')).toBeDefined();
    expect(customViewFor('list_tabs')).toBeUndefined();
  });
});
