/** imageSize against images encoded by Chromium (37×23) and headers built from the WebP and GIF specs. */
import { describe, expect, it } from 'vitest';
import { CHROMIUM_IMAGES as CHROMIUM } from '../../../tests/support/images.js';
import { imageSize } from './image-size.js';

const b64 = (bytes: number[]) => Buffer.from(bytes).toString('base64');
const riff = (chunk: string, body: number[]) => [
  ...Buffer.from('RIFF'),
  0,
  0,
  0,
  0,
  ...Buffer.from('WEBP'),
  ...Buffer.from(chunk),
  0,
  0,
  0,
  0,
  ...body,
  ...new Array(16).fill(0),
];

describe('imageSize', () => {
  it('reads the size of every format Chromium encodes', () => {
    for (const [name, data] of Object.entries(CHROMIUM)) expect(imageSize(data), name).toEqual({ width: 37, height: 23 });
  });

  it('reads simple lossy (VP8) and lossless (VP8L) WebP headers as the spec lays them out', () => {
    // VP8: frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height, little-endian.
    expect(imageSize(b64(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 1280 & 0xff, 1280 >> 8, 800 & 0xff, 800 >> 8])))).toEqual({ width: 1280, height: 800 });
    // VP8L: signature 0x2f, then width-1 and height-1 in 14 bits each.
    const bits = (1279 | (799 << 14)) >>> 0;
    expect(imageSize(b64(riff('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, bits >>> 24])))).toEqual({ width: 1280, height: 800 });
  });

  it('reads a GIF and refuses what is not an image', () => {
    expect(imageSize('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7')).toEqual({ width: 1, height: 1 });
    expect(imageSize(Buffer.from('just some text that is long enough to be read').toString('base64'))).toBeUndefined();
    expect(imageSize('%%% not base64 %%%')).toBeUndefined();
    expect(imageSize('')).toBeUndefined();
  });
});
