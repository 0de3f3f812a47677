import { render } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { promptTitle, promptWhy } from '../lib/prompt-words.js';
import { ConversationModel } from '../models/conversation-model.js';
import type { PanelPermissionRequest } from '../models/types.js';
import { PermissionDialog } from './PermissionDialog.js';

const asking = (request: PanelPermissionRequest) => {
  const model = new ConversationModel(() => undefined);
  model.apply({ type: 'conversation_state', conversationId: 'c', title: '', transcript: [], run: { status: 'running' } });
  model.apply({ type: 'permission_request', conversationId: 'c', request });
  return render(<PermissionDialog model={model} />);
};
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
const request = (patch: Partial<PanelPermissionRequest>): PanelPermissionRequest => ({
  toolUseId: 't',
  toolName: 'click',
  description: 'Click button "Save"',
  input: { ref: 'e4' },
  site: 'https://shop.test',
  why: { type: 'mode', mode: 'ask', detail: 'ask mode asks before changes' },
  destructive: false,
  choices: ['allow_once', 'allow_always', 'deny'],
  ...patch,
});

describe('PermissionDialog', () => {
  it('renders nothing without a pending request', () => {
    expect(render(<PermissionDialog model={new ConversationModel(() => undefined)} />)).toBe('');
  });

  it('says the act in its title, the site and why in the person’s terms; Deny comes first, Allow once is the primary answer', () => {
    const html = asking(request({}));
    expect(html).toMatch(/role="dialog" aria-modal="true" aria-labelledby="permission-title" aria-describedby="permission-why"/);
    expect(html).toContain('<h2 id="permission-title">Click “Save”?</h2>');
    expect(html).toContain('on shop.test');
    expect(html).toContain('You asked to be asked before the agent changes anything on a site.');
    expect(buttons(html)).toEqual(['Deny', 'Allow once', 'Always allow on this site']);
    expect(html).toContain('<button type="button" class="deny">Deny</button>');
    expect(html).toContain('<button type="button" class="primary">Allow once</button>');
    // No ref and no tool id outside the folded details.
    const [beforeDetails] = html.split('<details class="permission-details">');
    expect(beforeDetails).not.toMatch(/\be\d+\b|<code>/);
  });

  it('puts the warning first for an act that cannot be undone, and makes Allow once a plain button', () => {
    const html = asking(
      request({
        description: 'Click button "Delete account"',
        why: { type: 'destructive', detail: 'the button deletes an account' },
        destructive: true,
        choices: ['allow_once', 'deny'],
      }),
    );
    expect(html.indexOf('This cannot be undone.')).toBeLessThan(html.indexOf('Click “Delete account”?'));
    expect(html).toContain('<button type="button">Allow once</button>');
    expect(buttons(html)).toEqual(['Deny', 'Allow once']);
    expect(html).toContain('class="dialog permission destructive grave"');
  });

  it('shows the data that would leave its site in full, the facts folded, and only the answers offered', () => {
    const html = asking(
      request({
        toolName: 'type',
        description: 'Type into textbox "Search"',
        input: { ref: 'e4', text: 'code 482913', submit: true },
        site: 'https://evil.test',
        why: { type: 'data_flow', detail: 'it would carry text read on https://bank.test to https://evil.test' },
        destructive: true,
        choices: ['allow_once', 'allow_task', 'deny'],
        queued: 2,
        effect: {
          summary: 'types “code 482913” into textbox “Search”; then submits the form “Search” (GET https://evil.test/s)',
          facts: [
            { label: 'Field', value: 'textbox “Search”' },
            { label: 'Text', value: 'code 482913' },
            { label: 'Password', value: '••••••', masked: true },
          ],
          landing: 'https://evil.test',
          dataFlows: [{ from: 'https://bank.test', to: 'https://evil.test', text: '482913' }],
        },
      }),
    );
    expect(html).toContain('Type “code 482913” into “Search”?');
    expect(html).toContain('This would send what it read on bank.test to evil.test.');
    expect(html).toContain('Then it submits the form “Search” (GET https://evil.test/s).');
    expect(html).toContain('read on https://bank.test: </span><q><bdi>482913</bdi></q>');
    const details = html.split('<details class="permission-details">')[1] ?? '';
    expect(details).toContain('<dt>Text</dt><dd><bdi>code 482913</bdi></dd>');
    expect(details).toContain('<dd class="masked"><bdi>••••••</bdi></dd>');
    expect(details).toContain('<dt>Lands on</dt><dd>https://evil.test</dd>');
    expect(buttons(html)).toEqual(['Deny', 'Allow once', 'Allow for this task']);
    expect(html).toContain('2 more requests wait after this one.');
  });

  it('says when data was seen in a screenshot or may come from a full ledger, and how many flows it did not list', () => {
    const model = new ConversationModel(() => undefined);
    model.apply({ type: 'conversation_state', conversationId: 'c', title: '', transcript: [], run: { status: 'running' } });
    const flows = Array.from({ length: 10 }, (_, i) => ({
      from: `https://site${i}.test`,
      to: 'https://evil.test',
      text: `code ${i}`,
      seen: 'unindexed' as const,
    }));
    model.apply({
      type: 'permission_request',
      conversationId: 'c',
      request: {
        toolUseId: 't',
        toolName: 'type',
        description: 'Type into textbox "Code"',
        input: { ref: 'e4', text: '4821' },
        site: 'https://evil.test',
        why: { type: 'data_flow', detail: 'it would carry text read on https://bank.test to https://evil.test' },
        destructive: true,
        choices: ['allow_once', 'allow_task', 'deny'],
        effect: { dataFlows: [{ from: 'https://bank.test', to: 'https://evil.test', text: '4821', seen: 'screenshot' }, ...flows] },
      },
    });
    const html = render(<PermissionDialog model={model} />);
    expect(html).toContain('seen in a screenshot of https://bank.test: </span><q><bdi>4821</bdi></q>');
    expect(html).toContain('may come from https://site0.test (this task read more than can be checked): </span>');
    expect(html).toContain('…and 3 more not listed (“Allow for this task” covers only those listed).');
  });

  it('titles each kind of act, and never nests quotes', () => {
    expect(promptTitle(request({ toolName: 'type', input: { text: 'Ada "the first" Lovelace' }, description: 'Type into textbox "Name"' }))).toBe(
      'Type “Ada ‘the first’ Lovelace” into “Name”?',
    );
    expect(
      promptTitle(
        request({
          toolName: 'type',
          effect: {
            facts: [
              { label: 'Text', value: '•••', masked: true },
              { label: 'Field', value: 'textbox “Password”' },
            ],
          },
        }),
      ),
    ).toBe('Type your password into “Password”?');
    expect(promptTitle(request({ toolName: 'navigate', input: { url: 'https://shop.example/cart' } }))).toBe('Go to shop.example?');
    expect(promptTitle(request({ toolName: 'click', description: 'Click e9' }))).toBe('Click an element?');
    expect(promptTitle(request({ toolName: 'mcp__notes__delete_notes', input: {} }))).toBe('Use “delete notes” from notes?');
  });

  it('names the checkbox a click ticks (by its row when it has no name) and the fields a fill fills', () => {
    const tick = (element: string, now?: string) =>
      promptTitle(request({ effect: { facts: [{ label: 'Element', value: element }, ...(now ? [{ label: 'Now', value: now }] : [])] } }));
    expect(tick('checkbox in “Buy milk”', 'not ticked')).toBe('Tick “Buy milk”?');
    expect(tick('checkbox “Remember me”', 'ticked')).toBe('Untick “Remember me”?');
    expect(tick('switch “Dark mode”')).toBe('Tick “Dark mode”?');
    expect(tick('checkbox')).toBe('Tick a checkbox?');
    expect(tick('button in “Buy milk”')).toBe('Click the button in “Buy milk”?');
    const fill = (labels: string[]) =>
      promptTitle(
        request({
          toolName: 'fill_form',
          input: { fields: labels.map((_, i) => ({ ref: `e${i + 1}`, value: 'x' })) },
          effect: { facts: labels.map((label) => ({ label, value: 'x' })) },
        }),
      );
    expect(fill(['textbox "Name"', 'textbox "Email"'])).toBe('Fill in “Name”, “Email”?');
    expect(fill(['textbox "A"', 'textbox "B"', 'textbox "C"', 'textbox "D"', 'checkbox in "E"'])).toBe('Fill in “A”, “B”, “C” and 2 more?');
    // A field the run never read is counted, not guessed at.
    expect(fill(['textbox "Name"', 'e7'])).toBe('Fill in 2 fields?');
  });

  it('explains each reason to ask in the person’s terms', () => {
    expect(promptWhy(request({ why: { type: 'rule', rule: 'click(*.bank.test)', behavior: 'ask' } }))).toBe(
      'Your rule “click(*.bank.test)” says to ask first.',
    );
    expect(promptWhy(request({ why: { type: 'destructive', detail: 'the button deletes an account' } }))).toBe('This cannot be undone.');
    expect(promptWhy(request({ why: { type: 'destructive', detail: '"Card" asks for payment or bank data (card)' } }))).toBe(
      'This goes into a password or payment field.',
    );
  });
});
