import { render } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { ToolCall, ToolGroup } from '../components/ToolCall.js';
import type { FullResultState } from '../models/full-results-model.js';
import type { ToolCallView } from '../models/types.js';
import { defaultView } from './default.js';
import { customViewFor, toolsWithCustomViews, viewFor } from './registry.js';
import type { ViewContext } from './types.js';

const context = (full: Record<string, FullResultState> = {}, opened: string[] = []): ViewContext => ({
  openFullResult: (id) => opened.push(id),
  fullResult: (id) => full[id],
  awaitingPermission: (id) => id === 'asking',
});

const call = (patch: Partial<ToolCallView>): ToolCallView => ({ toolUseId: 't1', name: 'custom_tool', input: {}, description: '', status: 'done', ...patch });
const html = (view: ToolCallView, ctx = context()) => render(<ToolCall call={view} context={ctx} />);

describe('view registry', () => {
  it('has custom views for the page tools and the helper agent', () => {
    expect(toolsWithCustomViews().sort()).toEqual([
      'agent',
      'click',
      'drag',
      'fill_form',
      'find',
      'get_page_text',
      'navigate',
      'read_page',
      'screenshot',
      'type',
      'wait_for',
    ]);
  });

  it('fills what a custom view leaves out from the default view', () => {
    const view = viewFor('screenshot');
    expect(view.result).toBe(customViewFor('screenshot')?.result);
    expect(view.error).toBe(defaultView.error);
    expect(view.rejected).toBe(defaultView.rejected);
    expect(view.progress).toBe(defaultView.progress);
  });

  it('gives unknown and prototype-ish names the default view', () => {
    expect(viewFor('no_such_tool')).toBe(defaultView);
    expect(viewFor('__proto__')).toBe(defaultView);
    expect(viewFor('constructor')).toBe(defaultView);
  });
});

describe('ToolCall rendering', () => {
  it('carries the data attributes tests and assistive tech use', () => {
    const out = html(call({ toolUseId: 'toolu_9', name: 'click', status: 'running' }));
    expect(out).toContain('data-tool-use-id="toolu_9"');
    expect(out).toContain('data-tool-name="click"');
    expect(out).toContain('data-status="running"');
  });

  it('renders each status through its renderer', () => {
    expect(html(call({ status: 'running', progress: 'Halfway' }))).toContain('Halfway');
    expect(html(call({ status: 'done', content: [{ type: 'text', text: 'All fine' }] }))).toContain('All fine');
    // A message written for the model (a ref, a tool id) is said in words; the agent's own text is behind the toggle.
    const stale = html(call({ status: 'error', error: { code: 'STALE_REF', message: 'Ref e4 is gone', suggestion: 'Call read_page again' } }));
    expect(stale).toContain('<p class="error-text">The page changed since the agent read it.</p>');
    expect(stale).toMatch(
      /<details class="raw-output"><summary>What the agent was told<\/summary><pre class="tool-text">STALE_REF: Ref e4 is gone\n\nSuggestion: Call read_page again/,
    );
    expect(html(call({ status: 'rejected', permission: { type: 'person', choice: 'deny', reason: 'not now' } }))).toContain('You said no: “not now”.');
    expect(html(call({ status: 'rejected', permission: { type: 'rule', rule: 'click(*.bank.test)', behavior: 'deny' } }))).toContain(
      'Not allowed by your rule “click(*.bank.test)”.',
    );
    expect(html(call({ status: 'cancelled', error: { code: 'CANCELLED', message: 'Stopped by you', suggestion: '' } }))).toContain('Stopped by you');
  });

  it("shows a failed call's message and a line for the person, with the model's suggestion labelled as what the agent was given", () => {
    const out = html(
      call({
        status: 'cancelled',
        error: {
          code: 'CANCELLED',
          message: 'The person stopped the run; click was cancelled.',
          suggestion: 'Do not repeat it unless the person asks; check the page state first.',
        },
      }),
    );
    expect(out).toContain('The person stopped the run; click was cancelled.');
    expect(out).toContain('<p class="person-line">It was stopped before it finished and may have partly happened.</p>');
    expect(out).toMatch(
      /<summary>What the agent was told<\/summary><pre class="tool-text">[^<]*Suggestion: Do not repeat it unless the person asks; check the page state first\./,
    );
    // Not shown outside that toggle.
    expect(out.split('Do not repeat it').length).toBe(2);
    const failed = html(call({ status: 'error', error: { code: 'STALE_REF', message: 'Ref e4 is gone', suggestion: 'Call read_page again' } }));
    expect(failed).toContain('The agent was told and decides what to do next.');
  });

  it('gives a call the panel marks unfinished its advice as a person line, not as something the agent was told', () => {
    const out = html(call({ status: 'cancelled', error: { code: 'NOT_FINISHED', message: 'The run ended before this call finished.', suggestion: '' } }));
    expect(out).toContain('<p class="person-line">Check the page, then ask again if needed.</p>');
    expect(out).not.toContain('agent-told');
  });

  it('shows a requested call that has not started as queued', () => {
    const out = html(call({ status: 'running', queued: true }));
    expect(out).toContain('>Queued</span>');
    expect(out).toContain('data-status="running"');
  });

  it('labels a call cut off by a worker restart "Interrupted", keeping data-status="error"', () => {
    const out = html(call({ status: 'error', error: { code: 'INTERRUPTED', message: 'The extension was restarted while this call ran', suggestion: '' } }));
    expect(out).toContain('>Interrupted</span>');
    expect(out).toContain('data-status="error"');
    expect(html(call({ status: 'error', error: { code: 'STALE_REF', message: 'gone', suggestion: '' } }))).toContain('>Failed</span>');
  });

  it('says when a call waits for the person', () => {
    expect(html(call({ toolUseId: 'asking', status: 'running', progress: 'x' }))).toContain('Waiting for your answer');
  });

  it('collapses long results and leaves short ones open', () => {
    const long = Array.from({ length: 40 }, (_, i) => `line ${i}`).join('\n');
    expect(html(call({ content: [{ type: 'text', text: long }] }))).toMatch(/<details class="raw-output"><summary>What the agent got<\/summary>/);
    expect(html(call({ content: [{ type: 'text', text: 'short' }] }))).not.toContain('<details');
    // A short result that names a ref is the agent's, not the person's.
    expect(html(call({ content: [{ type: 'text', text: 'Hovered e5.' }] }))).toContain('<details class="raw-output">');
  });

  it('offers "Open full result" for a persisted result and shows it once fetched', () => {
    const persisted = call({ content: [{ type: 'text', text: 'preview…' }], persisted: { storedId: 's1', totalChars: 120000 } });
    const before = html(persisted);
    expect(before).toContain('Open full result');
    expect(before).toContain('120,000 characters');
    const after = html(persisted, context({ s1: { status: 'loaded', content: 'THE FULL TEXT' } }));
    expect(after).toContain('THE FULL TEXT');
    expect(after).not.toContain('Open full result');
  });

  it('read_page shows the tree collapsible with a count of refs', () => {
    const tree = Array.from({ length: 20 }, (_, i) => `- button "B${i}" [ref=e${i}]`).join('\n');
    const out = html(call({ name: 'read_page', input: { filter: 'interactive' }, content: [{ type: 'text', text: tree }] }));
    expect(out).toContain("<strong>Read the page's controls:</strong> 20 controls");
    expect(out).toMatch(/<details class="raw-output"><summary>What the agent read \(20 lines\)<\/summary><pre class="tool-text">- button/);
    expect(html(call({ name: 'read_page', status: 'running' }))).toContain('<strong>Read page</strong>');
    const text = html(
      call({
        name: 'get_page_text',
        input: { main_content: true },
        content: [{ type: 'text', text: 'Source: https://a.test/\n\n# Cats\n\nCats sleep a lot.' }],
      }),
    );
    expect(text).toContain('<strong>Read the article:</strong> 5 words');
  });

  it('find names the query', () => {
    expect(html(call({ name: 'find', input: { query: 'Submit' }, status: 'running' }))).toContain('<strong>Find</strong> “Submit”');
    expect(
      html(call({ name: 'find', input: { query: 'Submit' }, content: [{ type: 'text', text: '- button "Submit" [ref=e2]\n- button "Submit all" [ref=e3]' }] })),
    ).toContain('<strong>Found 2 matches</strong> for “Submit”');
  });

  it('screenshot shows the image from the result, and refuses non-data URLs from the output', () => {
    const withImage = html(call({ name: 'screenshot', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0K' } }] }));
    expect(withImage).toContain('src="data:image/png;base64,iVBORw0K"');
    const fromOutput = html(call({ name: 'screenshot', output: { dataUrl: 'https://evil.test/x.png' }, content: [{ type: 'text', text: 'captured' }] }));
    expect(fromOutput).not.toContain('evil.test');
    expect(fromOutput).toContain('captured');
  });

  it('click, type and fill_form say what they act on', () => {
    // By the element's name, never its ref; quotes never nest.
    const click = html(call({ name: 'click', input: { ref: 'e12' }, description: 'Click button "Delete \\"old\\" account"', status: 'running' }));
    expect(click).toContain('<strong>Click</strong> “Delete ‘old’ account”');
    expect(click).not.toMatch(/\be12\b/);
    expect(html(call({ name: 'click', input: { ref: 'e12' }, description: 'Click button "Save"' }))).toContain('<strong>Clicked</strong> “Save”');
    expect(html(call({ name: 'click', input: { ref: 'e12' }, description: 'Click e12', status: 'running' }))).toContain('<strong>Click</strong> an element');
    expect(html(call({ name: 'click', description: 'Click checkbox in "water plants"', status: 'running' }))).toContain('the checkbox in “water plants”');
    const typed = html(
      call({
        name: 'type',
        input: { ref: 'e3', text: 'hello', submit: true },
        description: 'Type into textbox "What needs to be done?" and submit',
        content: [
          {
            type: 'text',
            text: 'Typed 5 characters into textbox "What needs to be done?" [trusted input]. Then: list "To-dos" [ref=e4] gained 1 item "hello" [ref=e9]; now stale (their elements left the page): e7.',
          },
        ],
      }),
    );
    expect(typed).toContain('<strong>Typed</strong> “hello” into “What needs to be done?” and pressed Enter');
    expect(typed).toContain('<p class="result-line">Then: list “To-dos” gained 1 item “hello”.</p>');
    expect(typed.split('<details class="raw-output">')[0]).not.toMatch(/\be\d+\b/);
    const form = html(
      call({
        name: 'fill_form',
        input: {
          fields: [
            { ref: 'e1', value: 'Ada' },
            { ref: 'e2', value: 'true' },
          ],
        },
        status: 'running',
      }),
    );
    expect(form).toContain('<strong>Fill</strong> 2 fields');
    const filled = html(
      call({
        name: 'fill_form',
        input: { fields: [{ ref: 'e1', value: 'Ada' }] },
        content: [
          {
            type: 'text',
            text: 'Filled 1 field:\ne1: ok — Set textbox "Name".\nFilled 1 of 1 fields (values set by script, with input and change events). Then: no visible change.',
          },
        ],
      }),
    );
    expect(filled).toContain('<li>“Name”: filled</li>');
    expect(filled).toContain('No visible change on the page.');
  });

  it('drag says what it made in words: a copy dropped, a connection drawn, without refs or points of the model', () => {
    const dropped = html(
      call({
        name: 'drag',
        input: { from: 'e4', to: { x: 430, y: 130 } },
        description: 'Drag draggable "Inject" to canvas',
        content: [
          {
            type: 'text',
            text: 'Dragged draggable "Inject" to canvas at (430, 130) [trusted input]. Then: a copy was dropped: draggable "Inject" [ref=e9] appeared at (430, 130), and item "Inject" stayed where it was; a connection was drawn from draggable "Timer" to draggable "Log".',
          },
        ],
      }),
    );
    expect(dropped).toContain(
      '<p class="result-line">Then: a copy was dropped: draggable “Inject” appeared at (430, 130), and item “Inject” stayed where it was; a connection was drawn from draggable “Timer” to draggable “Log”.</p>',
    );
    expect(dropped.split('<details class="raw-output">')[0]).not.toMatch(/\be\d+\b/);
  });

  it('navigate links only http(s) destinations', () => {
    const ok = html(call({ name: 'navigate', input: { url: 'https://example.com' }, output: { url: 'https://example.com/home', title: 'Home' } }));
    expect(ok).toContain('<a href="https://example.com/home" target="_blank" rel="noopener noreferrer">Home</a>');
    const bad = html(call({ name: 'navigate', input: { url: 'x' }, output: { url: 'javascript:alert(1)' } }));
    expect(bad).not.toContain('href="javascript');
  });

  it('wait_for reads its own progress shape against the seconds limit', () => {
    const out = html(call({ name: 'wait_for', input: { seconds: 20 }, status: 'running', progress: { elapsed_seconds: 5, waiting_for: '20 s' } }));
    expect(out).toMatch(/<progress value="0.25" max="1"/);
    expect(out).toContain('Waiting for 20 s — 5 s of 20 s');
  });

  it('groups parallel calls under the tool’s grouped renderer, each call keeping its own element', () => {
    const calls = [call({ toolUseId: 'a', name: 'read_page' }), call({ toolUseId: 'b', name: 'read_page', status: 'running' })];
    const out = render(<ToolGroup calls={calls} context={context()} />);
    expect(out).toContain('2 page reads');
    expect(out).toContain('data-tool-use-id="a"');
    expect(out).toContain('data-tool-use-id="b"');
    const generic = render(<ToolGroup calls={[call({ toolUseId: 'x' }), call({ toolUseId: 'y' })]} context={context()} />);
    expect(generic).toContain('2 × Custom tool — 2 of 2 done');
  });

  it('escapes page-derived text in results', () => {
    expect(html(call({ content: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }] }))).toContain('&lt;img src=x onerror=alert(1)>');
  });
});
