import { describe, expect, it } from 'vitest';
import { collapseWhitespace } from './name-text.js';

describe('collapseWhitespace', () => {
  it('drops U+FEFF (no width; `\\s` counts it as whitespace) instead of making it a space in a name or a text run', () => {
    expect(collapseWhitespace('Hel\ufefflo  world\n')).toBe('Hello world');
    expect(collapseWhitespace('\ufeffHere is')).toBe('Here is');
    expect(collapseWhitespace('a \ufeff b')).toBe('a b');
  });
});
