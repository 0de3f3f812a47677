import { describe, expect, it } from 'vitest';
import { isOwnExtensionPage } from './senders.js';

const ID = 'abcdefghijklmnopabcdefghijklmnop';

describe('isOwnExtensionPage', () => {
  it('accepts the side panel and the popup, also when the panel is open in a tab', () => {
    expect(isOwnExtensionPage({ id: ID, url: `chrome-extension://${ID}/sidepanel/index.html?tab=4` }, ID)).toBe(true);
    expect(isOwnExtensionPage({ id: ID, url: `chrome-extension://${ID}/popup/index.html`, ...{ tab: { id: 2 } } }, ID)).toBe(true);
  });
  it('rejects our own content scripts (their url is the page’s), other extensions and senders without a url', () => {
    expect(isOwnExtensionPage({ id: ID, url: 'https://evil.example/' }, ID)).toBe(false);
    expect(isOwnExtensionPage({ id: 'other', url: `chrome-extension://other/x.html` }, ID)).toBe(false);
    expect(isOwnExtensionPage({ id: ID, url: `chrome-extension://${ID}evil/x.html` }, ID)).toBe(false);
    expect(isOwnExtensionPage({ id: ID }, ID)).toBe(false);
    expect(isOwnExtensionPage({}, ID)).toBe(false);
  });
  it('takes the origin the browser gives its pages (Firefox: a uuid, not the id)', () => {
    const origin = 'moz-extension://0f6c2f35-4a59-4a1e-9f0e-2d1c7b8a9e10/';
    expect(isOwnExtensionPage({ id: 'pagewright@example', url: `${origin}sidepanel/index.html` }, 'pagewright@example', origin)).toBe(true);
    expect(isOwnExtensionPage({ id: 'pagewright@example', url: 'https://evil.example/' }, 'pagewright@example', origin)).toBe(false);
    expect(isOwnExtensionPage({ id: 'pagewright@example', url: 'moz-extension://another-uuid/x.html' }, 'pagewright@example', origin)).toBe(false);
  });
});
