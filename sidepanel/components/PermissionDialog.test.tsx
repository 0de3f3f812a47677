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
      request: { toolUseId: 't', toolName: 'click', description: 'Click button “Delete account”', input: { ref: 'e4' }, site: 'https://shop.test', why: { type: 'destructive', detail: 'the button deletes an account' }, destructive: true },
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

  it('explains each reason to ask', () => {
    expect(whyText({ why: { type: 'mode', mode: 'ask', detail: 'ask mode asks before changes.' }, destructive: false, site: 'https://a.test' })).toBe(
      'Not allowed on this site yet, and the permission mode is “ask”: ask mode asks before changes.',
    );
    expect(whyText({ why: { type: 'rule', rule: 'click(*.bank.test)', behavior: 'ask' }, destructive: false, site: undefined })).toBe('A permission rule asks before this: click(*.bank.test)');
  });
});
