/** One test per destructive rule in src/tools/safety/destructive.ts. */
import { describe, expect, it } from 'vitest';
import { clickIsDestructive, fieldIsSensitive, navigationIsCrossSite } from './destructive.js';
import { memoryDelete } from '../storage/memory-delete.js';
import { closeTab } from '../tab/close-tab.js';

describe('rule 1: clicks that cannot be undone', () => {
  it.each(['Delete account', 'Remove item', 'Pay now', 'Buy it', 'Place order', 'Send', 'Publish post', 'Transfer funds', 'Unsubscribe'])(
    '"%s" is destructive',
    (name) => {
      const verdict = clickIsDestructive({ role: 'button', name });
      expect(verdict.destructive).toBe(true);
      expect(verdict.reason).toContain(name);
    },
  );
  it('ordinary buttons, tabs and links are not', () => {
    for (const name of ['Save preferences', 'Next', 'Products', 'Sender details', 'Show more', 'Payment history']) {
      expect(clickIsDestructive({ role: 'button', name }).destructive, name).toBe(false);
    }
  });
  it('the submit of a form that posts is destructive; a GET search form is not', () => {
    expect(
      clickIsDestructive({ role: 'button', name: 'Create account', submits: true, formMethod: 'post', formAction: 'https://x.test/signup' }),
    ).toMatchObject({ destructive: true, reason: expect.stringContaining('posts') });
    expect(clickIsDestructive({ role: 'button', name: 'Search', submits: true, formMethod: 'get' }).destructive).toBe(false);
    expect(clickIsDestructive({ role: 'button', name: 'Preview', submits: false, formMethod: 'post' }).destructive).toBe(false);
  });
  it('whole words only: related words that do not name the act are not matched', () => {
    for (const name of ['Resend code', 'Published articles', 'Undelete', 'Buyer guide', 'Removed items', 'Sent mail']) {
      expect(clickIsDestructive({ role: 'button', name }).destructive, name).toBe(false);
    }
    for (const name of ['DELETE', 'Yes, delete it', 'Cancel   subscription', 'Close account', 'Checkout']) {
      expect(clickIsDestructive({ role: 'button', name }).destructive, name).toBe(true);
    }
  });
  it('a "Send" button or link is destructive; a "Send feedback" tab header only shows its panel', () => {
    expect(clickIsDestructive({ role: 'button', name: 'Send' }).destructive).toBe(true);
    expect(clickIsDestructive({ role: 'link', name: 'Send', href: '/mail/send?id=4' }).destructive).toBe(true);
    expect(clickIsDestructive({ role: 'tab', name: 'Send feedback' }).destructive).toBe(false);
    expect(clickIsDestructive({ role: 'tab', name: 'Delete history' }).destructive).toBe(false);
    // The same words on a button still ask: a button may act at once.
    expect(clickIsDestructive({ role: 'button', name: 'Send feedback' }).destructive).toBe(true);
  });
  it('a submitter that overrides its GET form with formmethod=post is judged by the override', () => {
    expect(clickIsDestructive({ role: 'button', name: 'Go', submits: true, formMethod: 'POST', formAction: 'https://x.test/go' }).destructive).toBe(true);
    expect(clickIsDestructive({ role: 'button', name: 'Filter', submits: true, formMethod: 'dialog' }).destructive).toBe(false);
  });
  it('a field is only focused by a click, whatever its label asks', () => {
    expect(clickIsDestructive({ role: 'textbox', name: 'Type DELETE to confirm' }).destructive).toBe(false);
  });
  it('an element never seen in a snapshot is unknown, so unsafe', () => {
    expect(clickIsDestructive(undefined).destructive).toBe(true);
  });
});

describe('rule 2: typing into password and payment fields', () => {
  it('password inputs', () => {
    expect(fieldIsSensitive({ role: 'textbox', name: 'Password', inputType: 'password' }).destructive).toBe(true);
  });
  it('autocomplete cc-*, passwords and one-time codes', () => {
    for (const autocomplete of ['cc-number', 'billing cc-csc', 'cc-exp', 'current-password', 'one-time-code']) {
      expect(fieldIsSensitive({ role: 'textbox', name: 'x', autocomplete }).destructive, autocomplete).toBe(true);
    }
  });
  it('names that ask for cards, CVV, expiry or bank details', () => {
    for (const name of ['Card number', 'CVV', 'Security code', 'Expiry date', 'IBAN']) {
      expect(fieldIsSensitive({ role: 'textbox', name }).destructive, name).toBe(true);
    }
  });
  it('ordinary fields are not', () => {
    for (const name of ['Email', 'Full name', 'Search the docs', 'Cardigan size']) {
      expect(fieldIsSensitive({ role: 'textbox', name, inputType: 'text', autocomplete: 'email' }).destructive, name).toBe(false);
    }
  });
  it('an unknown field is unsafe', () => {
    expect(fieldIsSensitive(undefined).destructive).toBe(true);
  });
});

describe('rule 3: navigating to another site', () => {
  it('same site (path, www, query) is not destructive', () => {
    expect(navigationIsCrossSite('https://example.com/a', 'https://example.com/b?q=1').destructive).toBe(false);
    expect(navigationIsCrossSite('https://www.example.com/a', 'https://example.com/b').destructive).toBe(false);
  });
  it('another host, scheme or port is', () => {
    expect(navigationIsCrossSite('https://example.com/', 'https://evil.test/').destructive).toBe(true);
    expect(navigationIsCrossSite('https://example.com/', 'http://example.com/').destructive).toBe(true);
    expect(navigationIsCrossSite('http://127.0.0.1:3000/', 'http://127.0.0.1:4000/').destructive).toBe(true);
  });
  it('an unknown current page or an invalid target is unsafe', () => {
    expect(navigationIsCrossSite(undefined, 'https://example.com/').destructive).toBe(true);
    expect(navigationIsCrossSite('https://example.com/', 'not a url').destructive).toBe(true);
  });
});

describe('tools whose every call is destructive say so themselves', () => {
  it('close_tab and memory_delete', () => {
    expect(closeTab.isDestructive({ tab_id: 1 })).toBe(true);
    expect(memoryDelete.isDestructive({ key: 'a' })).toBe(true);
  });
});
