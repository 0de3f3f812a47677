import { describe, expect, it } from 'vitest';
import { listedSiteOf, titleOf } from './conversation-list.js';
import { NEW_CONVERSATION_TITLE } from './conversations.js';

describe('the conversation list', () => {
  it('titles a conversation by its first message on one line, cut at a word past 120 characters', () => {
    expect(titleOf('  Compare\n the two   flights  ')).toBe('Compare the two flights');
    expect(titleOf(' \n ')).toBe(NEW_CONVERSATION_TITLE);
    const long = `${'word '.repeat(30)}end`;
    const title = titleOf(long);
    expect(title.endsWith('…')).toBe(true);
    expect(title.length).toBeLessThanOrEqual(121);
    expect(title.slice(0, -1).endsWith('word')).toBe(true);
  });

  it('names the site by host and port for web pages only', () => {
    expect(listedSiteOf('https://shop.example:8443/cart?x=1')).toBe('shop.example:8443');
    expect(listedSiteOf('chrome://extensions')).toBeUndefined();
    expect(listedSiteOf('not a url')).toBeUndefined();
    expect(listedSiteOf(undefined)).toBeUndefined();
  });
});
