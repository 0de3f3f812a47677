import { describe, expect, it } from 'vitest';
import { CHROMIUM_IMAGES } from '../../../tests/support/images.js';
import { calibrate, imageTokens, requestTokens, textTokens } from './tokens.js';

/** A PNG header of the given size (what imageTokens reads). */
function pngOf(width: number, height: number): string {
  const bytes = Buffer.alloc(40);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(bytes);
  bytes.write('IHDR', 12, 'ascii');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes.toString('base64');
}

describe('token estimates', () => {
  it('counts images by pixels as Anthropic bills them, not by their bytes', () => {
    expect(imageTokens(pngOf(1280, 800))).toBe(Math.ceil((1280 * 800) / 750));
    // Larger images are scaled to 1568 px on the long edge and 1.15 megapixels first.
    expect(imageTokens(pngOf(2560, 1600))).toBe(Math.ceil(1_150_000 / 750));
    expect(imageTokens(CHROMIUM_IMAGES.webpLossy)).toBe(Math.ceil((37 * 23) / 750));
    expect(imageTokens('not an image')).toBe(1_400);
  });

  it('counts a request’s system prompt, tool specs and messages', () => {
    const request = {
      system: 'x'.repeat(350),
      tools: [{ name: 't', description: 'd', input_schema: {} }],
      messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'y'.repeat(700) }] }],
    };
    expect(textTokens('x'.repeat(350))).toBe(100);
    expect(requestTokens(request)).toBe(100 + textTokens(JSON.stringify(request.tools[0])) + 200 + 4);
  });

  it('calibrates to what the provider reported, within bounds, and ignores reports that cannot be about this request', () => {
    expect(calibrate(10_000, 12_000).factor).toBeCloseTo(1.2);
    expect(calibrate(10_000, 30_000).factor).toBe(2);
    expect(calibrate(10_000, 1).factor).toBe(1);
    expect(calibrate(10_000, 0).factor).toBe(1);
    expect(calibrate(0, 500).factor).toBe(1);
  });
});
