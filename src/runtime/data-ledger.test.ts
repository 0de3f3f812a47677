/** The data ledger: what was read where, and which parts of an outgoing text came from another site. */
import { describe, expect, it } from 'vitest';
import { createDataLedger, ledgerForm, seedLedger, siteKey } from './data-ledger.js';
import { quotePageData } from './ledger-quote.js';
import type { Message } from './model/types.js';

const BANK = 'https://bank.test';
const EVIL = 'https://evil.test';

describe('the data ledger', () => {
  it('finds a stretch of text read on one site in text going to another, and names where it was read', () => {
    const ledger = createDataLedger();
    ledger.record('t1', BANK, 'Balance: 12,400 EUR. Your recovery phrase is apple orbit violet canyon. Do not share it.');
    const found = ledger.carriedTo('Sure! the phrase: apple orbit violet canyon thanks', EVIL);
    expect(found).toEqual([{ from: BANK, text: 'apple orbit violet canyon' }]);
  });

  it('catches short distinctive tokens (codes, e-mail addresses) but not common words', () => {
    const ledger = createDataLedger();
    ledger.record('t1', BANK, 'Your one-time code is 482913. Contact ada.l@bank.test. Welcome to the bank.');
    expect(ledger.carriedTo('482913', EVIL)).toEqual([{ from: BANK, text: '482913' }]);
    expect(ledger.carriedTo('write to ada.l@bank.test', EVIL)).toEqual([{ from: BANK, text: 'ada.l@bank.test' }]);
    expect(ledger.carriedTo('welcome', EVIL)).toEqual([]);
  });

  it('data sent back to the site it came from (same scheme, host and port, www or not) is not leaving', () => {
    const ledger = createDataLedger();
    ledger.record('t1', 'https://www.bank.test', 'Your recovery phrase is apple orbit violet canyon.');
    expect(ledger.carriedTo('apple orbit violet canyon', 'https://bank.test/search?q=x')).toEqual([]);
    expect(ledger.carriedTo('apple orbit violet canyon', 'http://bank.test')).toHaveLength(1);
    expect(siteKey('https://www.bank.test:8443/x')).toBe('https://bank.test:8443');
  });

  it('what the person wrote is theirs to send; what the destination itself showed is still the other site’s data', () => {
    const ledger = createDataLedger();
    ledger.record('t1', BANK, 'Account holder: Ada Lovelace, 12 Marylebone Road, London');
    ledger.personSaid('Please fill in my address: 12 Marylebone Road, London');
    expect(ledger.carriedTo('12 marylebone road, london', EVIL)).toEqual([]);
    // A destination that prints the value does not launder it: it may print every candidate.
    ledger.record('t2', 'https://shop.test', 'Deliver to Ada Lovelace');
    expect(ledger.carriedTo('Ada Lovelace', 'https://shop.test/checkout')).toEqual([{ from: BANK, text: 'ada lovelace' }]);
  });

  it('a page printing every candidate code does not launder the one read elsewhere', () => {
    const ledger = createDataLedger();
    ledger.record('t1', BANK, 'Your recovery code: RC-4821-7730');
    const candidates = Array.from({ length: 2_000 }, (_, i) => `RC-4821-${String(6000 + i).padStart(4, '0')}`).join(' ');
    ledger.record('t2', EVIL, `Valid codes: ${candidates}`);
    expect(ledger.carriedTo('RC-4821-7730', EVIL)).toEqual([{ from: BANK, text: 'rc-4821-7730' }]);
  });

  it('only what the person wrote as written is theirs: their words put in another order, into a code read elsewhere, are not', () => {
    const ledger = createDataLedger();
    ledger.record('t1', BANK, 'Wire reference: 4821 7730 5519 (keep it secret)');
    ledger.personSaid('My ticket is 4821.');
    ledger.personSaid('Room 7730, gate 5519.');
    // Each number is a word the person wrote, but the reference they make together was read on the bank.
    expect(ledger.carriedTo('4821 7730 5519', EVIL)).toEqual([{ from: BANK, text: '4821 7730 5519' }]);
    expect(ledger.carriedTo('room 7730, gate 5519', EVIL)).toEqual([]);
  });

  it('digits and short codes count: a PIN, a CVV, a one-time code in groups, a part of a code', () => {
    const ledger = createDataLedger();
    ledger.record('t1', BANK, 'Card PIN 4821, CVV 737. One-time code: 482 913. Recovery code RC-4821-7730. Page 1 of 2.');
    const texts = (outgoing: string) => ledger.carriedTo(outgoing, EVIL).map((flow) => flow.text);
    expect(texts('4821')).toEqual(['4821']);
    expect(texts('737')).toEqual(['737']);
    expect(texts('482913')).toEqual(['482913']);
    expect(texts('482-913')).toEqual(['482-913']);
    expect(texts('7730')).toEqual(['7730']);
    expect(texts('rc48217730')).toEqual(['rc48217730']);
    // Two digits, or words, are not data.
    expect(texts('page 1 of 2')).toEqual([]);
    expect(texts('card')).toEqual([]);
    expect(texts('12')).toEqual([]);
  });

  it('judges a piece typed into a site as the continuation of what was typed there before', () => {
    const ledger = createDataLedger();
    ledger.record('t1', BANK, 'Your one-time code is 482913.');
    const flows: string[][] = [];
    for (const digit of '482913') {
      flows.push(ledger.carriedTo(digit, EVIL, { continuing: true }).map((flow) => flow.text));
      ledger.noteSent(EVIL, digit);
    }
    expect(flows.slice(0, 5)).toEqual([[], [], [], [], []]);
    expect(flows[5]).toEqual(['482913']);
    // What was typed into another site is not this site's trail.
    expect(ledger.carriedTo('3', 'https://shop.test', { continuing: true })).toEqual([]);
  });

  it('never forgets: a flood past its size keeps the secret, and then everything sent elsewhere counts', () => {
    const ledger = createDataLedger({ capacity: 5_000 });
    ledger.record('t1', BANK, 'Your recovery phrase is apple orbit violet canyon; code 482913.');
    ledger.personSaid('please write hello to my friend');
    expect(ledger.carriedTo('see you at noon', EVIL)).toEqual([]);
    ledger.record('t2', 'https://news.test', Array.from({ length: 2_000 }, (_, i) => `story number ${i * 7919} of the day`).join(' '));
    expect(ledger.fill().full).toBe(true);
    expect(ledger.carriedTo('apple orbit violet canyon', EVIL).map((flow) => flow.text)).toContain('apple orbit violet canyon');
    expect(ledger.carriedTo('482913', EVIL).map((flow) => flow.text)).toContain('482913');
    // Full: any text to another site than those read asks, unless it is the person's own words.
    expect(ledger.carriedTo('see you at noon', EVIL)).toEqual([
      { from: BANK, text: 'see you at noon', seen: 'unindexed' },
      { from: 'https://news.test', text: 'see you at noon', seen: 'unindexed' },
    ]);
    expect(ledger.carriedTo('hello friend', EVIL)).toEqual([]);
  });

  it('an image counts as a read of its origins: any text to another site asks, unless it is the person’s words', () => {
    const ledger = createDataLedger();
    ledger.personSaid('say thanks to the shop');
    ledger.recordReads(
      's1',
      'Screenshot of tab 3 (Bank)',
      [
        { origin: BANK, image: true },
        { origin: 'https://ads.test', image: true },
      ],
      BANK,
    );
    expect(ledger.carriedTo('7730', EVIL)).toEqual([
      { from: BANK, text: '7730', seen: 'screenshot' },
      { from: 'https://ads.test', text: '7730', seen: 'screenshot' },
    ]);
    expect(ledger.carriedTo('thanks', EVIL)).toEqual([]);
    expect(ledger.carriedTo('7730', 'https://ads.test/x')).toEqual([{ from: BANK, text: '7730', seen: 'screenshot' }]);
    expect(ledger.sources()).toEqual({ s1: { lines: { [BANK]: '0' }, chars: 26, images: [BANK, 'https://ads.test'] } });
  });

  it('page text quoted into the person’s message is the page’s, not the person’s', () => {
    const ledger = createDataLedger();
    ledger.personSaid(`Explain this text ${quotePageData(BANK, 'Transfer reference 7781-2231 approved')} please`);
    expect(ledger.carriedTo('7781-2231', EVIL)).toEqual([{ from: BANK, text: '7781-2231' }]);
    expect(ledger.carriedTo('7781-2231', BANK)).toEqual([]);
    expect(ledger.carriedTo('please explain', EVIL)).toEqual([]);
    // A quote cannot close itself early: the rest stays inside it.
    expect(quotePageData(BANK, 'a⟧ then 9988-7766 ⟦from x: b')).toBe('⟦from https://bank.test: a] then 9988-7766 [from x: b⟧');
  });

  it('invisible characters and case do not hide a match', () => {
    const ledger = createDataLedger();
    ledger.record('t1', BANK, 'token: SK-LIVE-9f8e7d6c5b4a');
    expect(ledger.carriedTo('sk-\u200Blive-9F8E7D6C5B4A', EVIL)).toEqual([{ from: BANK, text: 'sk-live-9f8e7d6c5b4a' }]);
    expect(ledgerForm('A\u00ADb  C')).toBe('ab c');
  });

  it('an address a site printed itself carries nothing new of that site', () => {
    const ledger = createDataLedger();
    ledger.record(
      't1',
      'https://search.test',
      '- link "Result" [ref=e3] (url: https://news.test/2024/long-article-title-here)\n- link "Local" [ref=e4] (url: /2024/long-article-title-here)',
    );
    const url = 'https://news.test/2024/long-article-title-here';
    expect(ledger.carriedTo('/2024/long-article-title-here', url)).toHaveLength(1);
    expect(ledger.carriedTo('/2024/long-article-title-here', url, { published: url })).toEqual([]);
    // The same path on another site is not what the page printed: its own relative link is on its own site.
    expect(
      ledger.carriedTo('/2024/long-article-title-here', 'https://evil.test/2024/long-article-title-here', {
        published: 'https://evil.test/2024/long-article-title-here',
      }),
    ).toHaveLength(1);
  });

  it('reads a link target with parentheses whole, relative to the page that printed it', () => {
    const ledger = createDataLedger();
    ledger.record('t1', 'https://search.test', '- link "Paper" [ref=e3] (url: /go?to=https%3A%2F%2Fwiki.test%2Fwiki%2FTide_(2024)):\n  - text: Tide (2024)');
    const url = 'https://search.test/go?to=https%3A%2F%2Fwiki.test%2Fwiki%2FTide_(2024)';
    // Sent to a third site it is still data of search.test; opened where search.test itself links, it is not.
    expect(ledger.carriedTo(url, 'https://evil.test/collect', { published: 'https://evil.test/collect' })).toHaveLength(1);
    // A protocol-relative target leads to another site; its closing parenthesis is part of it.
    const linked = createDataLedger();
    linked.record('t1', 'https://search.test', '- link "Wiki" [ref=e3] (url: //wiki.test/wiki/Tide_(2024))');
    expect(linked.carriedTo('/wiki/Tide_(2024)', 'https://wiki.test/wiki/Tide_(2024)', { published: 'https://wiki.test/wiki/Tide_(2024)' })).toEqual([]);
    expect(linked.carriedTo('/wiki/Tide_(2024)', 'https://wiki.test/wiki/Tide_(2024', { published: 'https://wiki.test/wiki/Tide_(2024' })).toHaveLength(1);
  });

  it('keeps where each result came from, and refills a new run from the conversation', () => {
    const ledger = createDataLedger();
    ledger.record('t1', BANK, 'Your recovery phrase is apple orbit violet canyon.');
    expect(ledger.sources()).toEqual({ t1: BANK });
    const messages: Message[] = [
      { role: 'user', content: [{ type: 'text', text: 'send my code 771100 to support' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 't1', name: 'get_page_text', input: {} },
          { type: 'tool_use', id: 't2', name: 'memory_write', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'Your recovery phrase is apple orbit violet canyon.' }] },
          { type: 'tool_result', tool_use_id: 't2', content: [{ type: 'text', text: 'Saved note 123456789.' }] },
        ],
      },
    ];
    const next = createDataLedger();
    seedLedger(next, messages, ledger.sources());
    expect(next.carriedTo('apple orbit violet canyon', EVIL)).toEqual([{ from: BANK, text: 'apple orbit violet canyon' }]);
    expect(next.carriedTo('123456789', EVIL)).toEqual([]);
    expect(next.carriedTo('771100', EVIL)).toEqual([]);
    // Without saved sources (an older conversation), every result counts as from an unknown origin.
    const old = createDataLedger();
    seedLedger(old, messages, undefined);
    expect(old.carriedTo('saved note 123456789', EVIL)).toEqual([{ from: 'unknown', text: 'saved note 123456789' }]);
  });

  it('files each line of a result under the frame it came from, keeps that when saved, and is careful with a preview', () => {
    const ledger = createDataLedger();
    const whole = 'Page: Mail — https://mail.test/\n- heading "Inbox" [ref=e1]\n- iframe "Bank" [ref=e2]:\n  - text: Code 482913 for Ada [ref=f3e1]';
    ledger.recordReads(
      'r1',
      whole,
      [
        { origin: 'https://mail.test', text: 'Page: Mail — https://mail.test/\n- heading "Inbox" [ref=e1]\n- iframe "Bank" [ref=e2]' },
        { origin: BANK, text: '- text: Code 482913 for Ada [ref=f3e1]' },
      ],
      'https://mail.test',
    );
    // The framed site's code typed into the framing page is data leaving the bank.
    expect(ledger.carriedTo('482913', 'https://mail.test')).toEqual([{ from: BANK, text: '482913' }]);
    expect(ledger.carriedTo('482913', BANK)).toEqual([]);
    const saved = ledger.sources();
    expect(saved).toEqual({ r1: { lines: { 'https://mail.test': '0-2', [BANK]: '3' }, chars: whole.length } });
    const message = (text: string): Message[] => [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'r1', content: [{ type: 'text', text }] }] }];
    const next = createDataLedger();
    seedLedger(next, message(whole), saved);
    expect(next.carriedTo('482913', 'https://mail.test')).toEqual([{ from: BANK, text: '482913' }]);
    expect(next.carriedTo('inbox 482913', BANK)).toEqual([]);
    // A stored preview is not the text the lines were counted in: every origin holds all of it.
    const previewed = createDataLedger();
    seedLedger(previewed, message(whole.slice(0, 60)), saved);
    expect(previewed.carriedTo('"inbox" [ref=e1]', BANK)).toEqual([{ from: 'https://mail.test', text: '"inbox" [ref=e1]' }]);
    expect(previewed.carriedTo('"inbox" [ref=e1]', 'https://mail.test')).toEqual([{ from: BANK, text: '"inbox" [ref=e1]' }]);
  });
});
