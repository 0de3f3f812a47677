import { describe, expect, it } from 'vitest';
import { describeRunError, formatWait } from './provider-errors.js';
import { markdownToUnsanitizedHtml } from './markdown.js';

describe('describeRunError', () => {
  it('headlines an invalid key and points to settings', () => {
    const view = describeRunError({ code: 'AUTH', message: 'Anthropic rejected the API key (401).', suggestion: 'Check the key in Settings.' });
    expect(view).toMatchObject({ title: 'The API key was not accepted', pointsToSettings: true, message: 'Anthropic rejected the API key (401).' });
  });

  it('says when to retry after a rate limit', () => {
    const view = describeRunError(
      { code: 'RATE_LIMITED', message: 'Too many requests.', suggestion: 'Wait.', retryAfterMs: 30_000 },
      new Date(2026, 0, 1, 12, 0, 30).getTime(),
    );
    expect(view.title).toBe('Rate limited by the provider');
    expect(view.retry).toMatch(/^Try again in about 30 seconds \(at .*12.*00.*30.*\)\.$/);
  });

  it('says the wait once: the client\'s own "Try again in N s." and "Wait N seconds" give way to the retry line', () => {
    const view = describeRunError(
      {
        code: 'RATE_LIMITED',
        message: 'Anthropic is rate limiting requests (429). Try again in 1 s.',
        suggestion: 'Wait 1 seconds, then send again.',
        retryAfterMs: 1_000,
      },
      new Date(2026, 0, 1, 12, 0, 1).getTime(),
    );
    expect(view.message).toBe('Anthropic is rate limiting requests (429).');
    expect(view.suggestion).toBe('');
    expect(view.retry).toMatch(/^Try again in about 1 second \(at /);
  });

  it('shows the retry time it is given and takes none from the clock', () => {
    const error = { code: 'RATE_LIMITED', message: 'm', suggestion: 's', retryAfterMs: 30_000 };
    expect(describeRunError(error).retry).toBe('Try again in about 30 seconds.');
    expect(describeRunError(error, new Date(2026, 0, 1, 9, 15, 45).getTime()).retry).toMatch(/\(at .*09.*15.*45.*\)\.$/);
  });

  it('gives a rate limit without retry-after a plain hint, and unknown codes a generic title', () => {
    expect(describeRunError({ code: 'RATE_LIMITED', message: 'm', suggestion: 's' }).retry).toMatch(/Wait/);
    expect(describeRunError({ code: 'WEIRD', message: 'm', suggestion: 's' }).title).toBe('The run stopped with an error');
    expect(describeRunError({ code: 'constructor', message: 'm', suggestion: 's' }).title).toBe('The run stopped with an error');
  });

  it('formats waits in words', () => {
    expect(formatWait(1_000)).toBe('1 second');
    expect(formatWait(150_000)).toBe('3 minutes');
  });
});

describe('markdown', () => {
  it('renders Markdown and escapes raw HTML instead of passing it through', () => {
    const html = markdownToUnsanitizedHtml('**bold** <img src=x onerror=alert(1)> <script>alert(2)</script>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).not.toMatch(/<img|<script/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('turns Markdown images into links rather than loading them', () => {
    const html = markdownToUnsanitizedHtml('![tracker](https://evil.test/pixel.png) ![x](javascript:alert(1))');
    expect(html).not.toContain('<img');
    expect(html).toContain('<a href="https://evil.test/pixel.png">tracker</a>');
    expect(html).not.toContain('javascript:');
  });
});
