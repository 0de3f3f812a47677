import { describe, expect, it } from 'vitest';
import { ToolError } from '../runtime/errors.js';
import { classifyBrowserError, isRestrictedUrl, utf8ToBase64 } from './browser-errors.js';

describe('isRestrictedUrl', () => {
  it('names the pages no extension may script', () => {
    for (const url of [
      'chrome://settings',
      'chrome-extension://abc/x.html',
      'edge://flags',
      'view-source:https://a.b',
      'https://chromewebstore.google.com/detail/x',
      'https://chrome.google.com/webstore/category',
      'moz-extension://0f6c2f35-4a59-4a1e-9f0e-2d1c7b8a9e10/sidepanel/index.html',
      'about:addons',
      'resource://pdf.js/web/viewer.html',
      'https://addons.mozilla.org/en-US/firefox/',
    ]) {
      expect(isRestrictedUrl(url), url).toBe(true);
    }
  });
  it('lets ordinary pages through', () => {
    for (const url of ['https://example.com/', 'http://127.0.0.1:8080/a.html', 'about:blank', 'https://chromewebstore.google.com.evil.example/', undefined]) {
      expect(isRestrictedUrl(url), String(url)).toBe(false);
    }
  });
});

describe('classifyBrowserError', () => {
  const where = { tabId: 5, url: 'https://a.example/' };
  const codeOf = (message: string) => classifyBrowserError(new Error(message), where).code;

  it('maps Chrome’s messages to the codes the model can act on', () => {
    expect(codeOf('No tab with id: 5.')).toBe('TAB_CLOSED');
    expect(codeOf('Invalid tab ID: 5')).toBe('TAB_CLOSED');
    expect(codeOf('Cannot access a chrome:// URL')).toBe('NOT_INJECTABLE');
    expect(codeOf('The extensions gallery cannot be scripted.')).toBe('NOT_INJECTABLE');
    expect(codeOf('Cannot access contents of the page. Extension manifest must request permission to access the respective host.')).toBe('NOT_INJECTABLE');
    expect(codeOf('The message port closed before a response was received.')).toBe('NAVIGATED');
    expect(codeOf('A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received')).toBe(
      'NAVIGATED',
    );
    expect(codeOf('Frame with ID 3 was removed.')).toBe('NAVIGATED');
    expect(codeOf('Something else entirely')).toBe('BROWSER_ERROR');
  });

  it('gives every error a suggestion and the tab, and passes ToolErrors through', () => {
    const error = classifyBrowserError(new Error('No tab with id: 5.'), where);
    expect(error.suggestion).toMatch(/list_tabs/);
    expect(error.details).toMatchObject({ tabId: 5 });
    const own = new ToolError('STALE_REF', 'x', { suggestion: 'y' });
    expect(classifyBrowserError(own, where)).toBe(own);
  });
});

describe('utf8ToBase64', () => {
  it('encodes UTF-8 (not Latin-1) and large inputs without overflowing the stack', () => {
    expect(Buffer.from(utf8ToBase64('héllo ✓'), 'base64').toString('utf8')).toBe('héllo ✓');
    const big = 'x'.repeat(1_000_000);
    expect(Buffer.from(utf8ToBase64(big), 'base64').toString('utf8')).toBe(big);
  });
});
