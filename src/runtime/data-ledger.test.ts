/** The data ledger: what was read where, and which parts of an outgoing text came from another site. */
import { describe, expect, it } from 'vitest';
import { createDataLedger, ledgerForm, seedLedger, siteKey } from './data-ledger.js';
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

  it('what the person wrote is theirs to send, and what the destination itself showed is not news to it', () => {
    const ledger = createDataLedger();
    ledger.record('t1', BANK, 'Account holder: Ada Lovelace, 12 Marylebone Road, London');
    ledger.personSaid('Please fill in my address: 12 Marylebone Road, London');
    expect(ledger.carriedTo('12 marylebone road, london', EVIL)).toEqual([]);
    ledger.record('t2', 'https://shop.test', 'Deliver to Ada Lovelace');
    expect(ledger.carriedTo('Ada Lovelace', 'https://shop.test/checkout')).toEqual([]);
    expect(ledger.carriedTo('Ada Lovelace', EVIL).map((flow) => flow.from)).toEqual([BANK, 'https://shop.test']);
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
});
