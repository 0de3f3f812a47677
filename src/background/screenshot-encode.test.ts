import { describe, expect, it } from 'vitest';
import { fitWithin } from './screenshot-encode.js';

describe('fitWithin', () => {
  it('scales the long edge down to the limit and keeps the aspect ratio', () => {
    expect(fitWithin(2560, 1600, 1280)).toEqual({ width: 1280, height: 800 });
    expect(fitWithin(1800, 1000, 1280)).toEqual({ width: 1280, height: 711 });
    expect(fitWithin(800, 3000, 1280)).toEqual({ width: 341, height: 1280 });
  });

  it('never scales up, and never to zero', () => {
    expect(fitWithin(1024, 640, 1280)).toEqual({ width: 1024, height: 640 });
    expect(fitWithin(5000, 2, 1280)).toEqual({ width: 1280, height: 1 });
  });
});
