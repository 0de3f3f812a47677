/** The page protocol: envelopes, commands and reply checking. */
import { describe, expect, it } from 'vitest';
import { ToolError } from '../../runtime/errors.js';
import { answerPageEnvelope, PAGE_CHANNEL, pageEnvelope, pageEnvelopeSchema, parsePageReply, type PageHandlers } from './page.js';
import { isTrustedSender } from '../../content/sender.js';

describe('page protocol', () => {
  it('wraps commands on the pagewright/page channel and rejects other shapes', () => {
    const envelope = pageEnvelope({ type: 'click', ref: 'e3', button: 'left', clickCount: 1, modifiers: [] });
    expect(envelope.channel).toBe(PAGE_CHANNEL);
    expect(pageEnvelopeSchema.safeParse(envelope).success).toBe(true);
    expect(pageEnvelopeSchema.safeParse({ channel: 'other', command: envelope.command }).success).toBe(false);
    expect(pageEnvelopeSchema.safeParse({ channel: PAGE_CHANNEL, command: { type: 'eval', code: 'alert(1)' } }).success).toBe(false);
    // Content scripts get local refs only; frame prefixes are the worker's business.
    expect(pageEnvelopeSchema.safeParse(pageEnvelope({ type: 'hover', ref: 'f3e2' } as never)).success).toBe(false);
  });

  it('returns typed results for valid replies', () => {
    const reply = parsePageReply('click', { ok: true, result: { documentId: 'd', url: 'https://x.test/', summary: 'Clicked button "Go".' } });
    expect(reply).toEqual({ ok: true, result: { documentId: 'd', url: 'https://x.test/', summary: 'Clicked button "Go".' } });
  });

  it('passes page errors through with their context', () => {
    const reply = parsePageReply('select', { ok: false, error: { code: 'OPTION_NOT_FOUND', message: 'no', suggestion: 'pick one', options: ['A', 'B'] } });
    expect(reply).toEqual({ ok: false, error: { code: 'OPTION_NOT_FOUND', message: 'no', suggestion: 'pick one', options: ['A', 'B'] } });
  });

  it('turns malformed replies into BAD_REPLY instead of trusting them', () => {
    expect(parsePageReply('ping', undefined)).toMatchObject({ ok: false, error: { code: 'BAD_REPLY' } });
    expect(parsePageReply('ping', { ok: true, result: { url: 3 } })).toMatchObject({ ok: false, error: { code: 'BAD_REPLY' } });
  });
});

describe('answerPageEnvelope (the content script side)', () => {
  const ping = { documentId: 'd', url: 'https://x.test/', title: 'X' };
  // Only the handlers these tests reach; the map's type is checked in src/content/handler.test-d.ts.
  const handlers = (click: PageHandlers['click']) => ({ ping: () => ping, click }) as unknown as PageHandlers;
  const click = pageEnvelope({ type: 'click', ref: 'e3', button: 'left', clickCount: 1, modifiers: [] });

  it("runs the command's own handler and replies with its result", async () => {
    const reply = await answerPageEnvelope(
      pageEnvelope({ type: 'ping' }),
      handlers(() => Promise.reject(new Error('not this one'))),
    );
    expect(reply).toEqual({ ok: true, result: ping });
    expect(parsePageReply('ping', reply)).toEqual({ ok: true, result: ping });
  });

  it('refuses an envelope the protocol does not allow before any handler runs', async () => {
    let ran = false;
    const reply = await answerPageEnvelope(
      { channel: PAGE_CHANNEL, command: { type: 'eval', code: 'alert(1)' } },
      handlers(() => ((ran = true), ping as never)),
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'BAD_COMMAND', suggestion: 'Reload the extension.' } });
    expect(ran).toBe(false);
  });

  it('turns what a handler throws into the wire error, details and all, which the worker passes on', async () => {
    const thrown = new ToolError('STALE_REF', 'Ref e3 is gone.', { suggestion: 'Read the page again.', details: { ref: 'e3' } });
    const reply = await answerPageEnvelope(
      click,
      handlers(() => Promise.reject(thrown)),
    );
    expect(reply).toEqual({ ok: false, error: { code: 'STALE_REF', message: 'Ref e3 is gone.', suggestion: 'Read the page again.', ref: 'e3' } });
    expect(parsePageReply('click', reply)).toEqual(reply);
  });

  it('gives an uncoded throw a code and the advice to read the page again', async () => {
    const reply = await answerPageEnvelope(
      click,
      handlers(() => {
        throw new TypeError('x is undefined');
      }),
    );
    expect(reply).toEqual({
      ok: false,
      error: { code: 'TOOL_FAILED', message: 'x is undefined', suggestion: 'Call read_page to see the page as it is now, then try again.' },
    });
  });
});

describe('content script sender check', () => {
  const id = 'abcdefghijklmnopabcdefghijklmnop';
  it('accepts the service worker and extension pages of this extension', () => {
    expect(isTrustedSender({ id, url: `chrome-extension://${id}/background.js` }, id)).toBe(true);
    expect(isTrustedSender({ id }, id)).toBe(true);
  });
  it('rejects other extensions, content scripts in tabs and foreign URLs', () => {
    expect(isTrustedSender({ id: 'other' }, id)).toBe(false);
    expect(isTrustedSender({ id, tab: { id: 4 }, url: 'https://evil.test/' }, id)).toBe(false);
    // A sender in a tab is a content script, whether or not the browser told its address.
    expect(isTrustedSender({ id, tab: { id: 4 } }, id)).toBe(false);
    expect(isTrustedSender({ id, tab: { id: 4 }, url: `chrome-extension://${id}/sidepanel.html` }, id)).toBe(false);
    expect(isTrustedSender({ id, url: 'https://evil.test/' }, id)).toBe(false);
  });
});
