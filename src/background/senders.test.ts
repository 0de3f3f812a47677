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
});
