/** What an act would send where: addresses decoded, open redirects found, form values and typed text judged. */
import { describe, expect, it } from 'vitest';
import { createDataLedger } from '../../runtime/data-ledger.js';
import { fakeContext } from '../../../tests/support/tool-context.js';
import { form } from '../../../tests/support/page-facts.js';
import { dataOfUrl, flowsOfForm, flowsOfUrl, nestedSites } from './data-flow.js';

describe('data in addresses', () => {
  it('an address carries its subdomain labels, path, query and fragment, decoded (twice encoded too)', () => {
    expect(dataOfUrl('https://sk-123.evil.test/p%20a/th?q=a+b&x=%2541#frag')).toBe('sk-123 /p a/th q=a b&x=A frag');
  });
  it('finds other sites nested in an address: where an open redirect could forward it', () => {
    expect(nestedSites('https://shop.test/out?to=https%3A%2F%2Fevil.test%2Fc%3Fd%3D1')).toEqual(['https://evil.test']);
    expect(nestedSites('https://shop.test/login?next=https://shop.test/account')).toEqual([]);
    expect(nestedSites('https://shop.test/r?u=//evil.test/x')).toEqual(['https://evil.test']);
  });
});

describe('flows', () => {
  const context = () => {
    const ctx = fakeContext();
    ctx.ledger.record('t1', 'https://bank.test', 'IBAN DE89 3704 0044 0532 0130 00, reference 7781-2231');
    return ctx;
  };
  it('an address carrying what a bank page showed flows from the bank to the address’s site, and to a nested one', () => {
    const flows = flowsOfUrl(context(), 'https://shop.test/out?to=https://evil.test/&ref=7781-2231');
    expect(flows).toEqual([
      { from: 'https://bank.test', to: 'https://shop.test', text: '7781-2231' },
      { from: 'https://bank.test', to: 'https://evil.test', text: '7781-2231' },
    ]);
  });
  it('a form’s values (and text about to be typed) flow to its action; masked fields are never read', () => {
    const fields = [
      { name: 'q', label: 'Search', type: 'text', value: 'DE89 3704 0044 0532 0130 00', masked: false },
      { name: 'p', label: 'PIN', type: 'password', value: '', masked: true },
    ];
    expect(flowsOfForm(context(), form({ fields }), 'https://evil.test/s')).toEqual([
      { from: 'https://bank.test', to: 'https://evil.test', text: 'de89 3704 0044 0532 0130 00' },
    ]);
    expect(flowsOfForm(context(), form({ fields: [] }), 'https://evil.test/s', 'ref 7781-2231')).toHaveLength(1);
    expect(flowsOfForm(context(), form({ fields }), 'https://bank.test/s')).toEqual([]);
  });
  it('a ledger that is empty finds nothing', () => {
    expect(flowsOfUrl({ ...fakeContext(), ledger: createDataLedger() }, 'https://evil.test/?q=anything-123456')).toEqual([]);
  });
});
