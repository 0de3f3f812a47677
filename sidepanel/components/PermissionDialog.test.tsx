import { render } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { ConversationModel } from '../models/conversation-model.js';
import { PermissionDialog, whyText } from './PermissionDialog.js';

describe('PermissionDialog', () => {
  it('renders nothing without a pending request', () => {
    expect(render(<PermissionDialog model={new ConversationModel(() => undefined)} />)).toBe('');
  });

  it('is a labelled modal dialog naming the tool, what it does, the site and why, with the three choices', () => {
    const model = new ConversationModel(() => undefined);
    model.apply({ type: 'conversation_state', conversationId: 'c', title: '', transcript: [], run: { status: 'running' } });
    model.apply({
      type: 'permission_request',
      conversationId: 'c',
      request: {
        toolUseId: 't',
        toolName: 'click',
        description: 'Click button “Delete account”',
        input: { ref: 'e4' },
        site: 'https://shop.test',
        why: { type: 'destructive', detail: 'the button deletes an account' },
        destructive: true,
        choices: ['allow_once', 'allow_always', 'deny'],
      },
    });
    const html = render(<PermissionDialog model={model} />);
    expect(html).toMatch(/role="dialog" aria-modal="true" aria-labelledby="permission-title" aria-describedby="permission-what"/);
    expect(html).toContain('Allow <code>click</code>?');
    expect(html).toContain('Click button “Delete account”');
    expect(html).toContain('https://shop.test');
    expect(html).toContain('This may not be undoable: the button deletes an account');
    for (const label of ['Allow once', 'Always allow on this site', 'Deny']) expect(html).toContain(`>${label}</button>`);
    expect(html).toContain('<label for="permission-reason">');
  });

  it('shows what the call will really do: the effect, the exact text, the landing site, data leaving, and only the answers offered', () => {
    const model = new ConversationModel(() => undefined);
    model.apply({ type: 'conversation_state', conversationId: 'c', title: '', transcript: [], run: { status: 'running' } });
    model.apply({
      type: 'permission_request',
      conversationId: 'c',
      request: {
        toolUseId: 't',
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
            { label: 'Text', value: 'code 482913' },
            { label: 'Password', value: '••••••', masked: true },
          ],
          landing: 'https://evil.test',
          dataFlows: [{ from: 'https://bank.test', to: 'https://evil.test', text: '482913' }],
        },
      },
    });
    const html = render(<PermissionDialog model={model} />);
    expect(html).toContain('What it will do: </span>types “code 482913” into textbox “Search”');
    expect(html).toContain('<dt>Text</dt><dd><bdi>code 482913</bdi></dd>');
    expect(html).toContain('<dd class="masked"><bdi>••••••</bdi></dd>');
    expect(html).toContain('<dt>Lands on</dt><dd>https://evil.test</dd>');
    expect(html).toContain('Text read on another site would be sent to https://evil.test');
    expect(html).toContain('from https://bank.test: </span><q><bdi>482913</bdi></q>');
    expect(html).toContain('Data would leave the site it was read on: it would carry text read on https://bank.test to https://evil.test.');
    expect([...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1])).toEqual(['Allow once', 'Allow for this task', 'Deny']);
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

  it('explains each reason to ask', () => {
    expect(whyText({ why: { type: 'mode', mode: 'ask', detail: 'ask mode asks before changes.' }, destructive: false, site: 'https://a.test' })).toBe(
      'Not allowed on this site yet, and the permission mode is “ask”: ask mode asks before changes.',
    );
    expect(whyText({ why: { type: 'rule', rule: 'click(*.bank.test)', behavior: 'ask' }, destructive: false, site: undefined })).toBe(
      'A permission rule asks before this: click(*.bank.test)',
    );
  });
});
