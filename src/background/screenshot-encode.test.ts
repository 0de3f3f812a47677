import { describe, expect, it } from 'vitest';
import { fitWithin, regionCrop } from './screenshot-encode.js';

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

describe('regionCrop', () => {
  it('cuts the region in the capture’s own pixels (two per CSS pixel on a HiDPI screen) and zooms it up to 4×', () => {
    const crop = regionCrop({ x: 100, y: 50, width: 200, height: 100, viewportWidth: 1280 }, { width: 2560, height: 1600 }, 1280);
    expect(crop).toEqual({ sx: 200, sy: 100, sw: 400, sh: 200, width: 800, height: 400 });
  });

  it('keeps within the long-edge limit and clips to the capture', () => {
    expect(regionCrop({ x: 0, y: 0, width: 1000, height: 500, viewportWidth: 1000 }, { width: 1000, height: 800 }, 1280)).toMatchObject({
      width: 1280,
      height: 640,
    });
    expect(regionCrop({ x: 900, y: 700, width: 400, height: 400, viewportWidth: 1000 }, { width: 1000, height: 800 }, 1280)).toMatchObject({
      sx: 900,
      sy: 700,
      sw: 100,
      sh: 100,
    });
  });
});
