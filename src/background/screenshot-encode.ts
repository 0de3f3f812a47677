/**
 * Scales and encodes a captured tab for the model, in the service worker (createImageBitmap and
 * OffscreenCanvas exist there): a 2560×1600 PNG of a HiDPI screen becomes a 1280×800 WebP about a fifth of
 * its size. Only web APIs are used, so the same code runs in a page (bench/context.bench.ts uses it there).
 */
import type { ImageOptions } from '../runtime/context-window/models.js';
import type { CapturedImage, CaptureRegion } from '../runtime/browser.js';

/** The size that fits `maxEdge` on the long side, keeping the aspect ratio; never scaled up. */
export function fitWithin(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode(...bytes) on a whole image overflows the call stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Most image pixels per CSS pixel of a zoomed region: beyond 4 the text gets no clearer. */
export const MAX_ZOOM = 4;

/**
 * The source rectangle of a region in the capture's pixels (clipped to it) and the output size: the
 * region scaled up to `MAX_ZOOM` image pixels per CSS pixel, within `maxEdge`.
 */
export function regionCrop(
  region: CaptureRegion,
  capture: { width: number; height: number },
  maxEdge: number,
): { sx: number; sy: number; sw: number; sh: number; width: number; height: number } {
  const ratio = capture.width / Math.max(1, region.viewportWidth);
  const sx = Math.max(0, Math.min(capture.width - 1, Math.round(region.x * ratio)));
  const sy = Math.max(0, Math.min(capture.height - 1, Math.round(region.y * ratio)));
  const sw = Math.max(1, Math.min(capture.width - sx, Math.round(region.width * ratio)));
  const sh = Math.max(1, Math.min(capture.height - sy, Math.round(region.height * ratio)));
  const zoom = Math.min(MAX_ZOOM, maxEdge / Math.max(sw / ratio, sh / ratio, 1));
  return { sx, sy, sw, sh, width: Math.max(1, Math.round((sw / ratio) * zoom)), height: Math.max(1, Math.round((sh / ratio) * zoom)) };
}

/** Decodes a PNG data URL, crops it to `region` when given, scales it to fit `options.maxEdge`, and encodes it as `options.format`. */
export async function encodeScreenshot(pngDataUrl: string, options: ImageOptions, region?: CaptureRegion): Promise<CapturedImage> {
  const bitmap = await createImageBitmap(await (await fetch(pngDataUrl)).blob());
  try {
    const crop = region ? regionCrop(region, bitmap, options.maxEdge) : undefined;
    const size = crop ?? fitWithin(bitmap.width, bitmap.height, options.maxEdge);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d', { alpha: false });
    if (!context) throw new Error('no 2d context');
    // 'high' smoothing keeps small text readable when a HiDPI capture is halved.
    context.imageSmoothingQuality = 'high';
    if (crop) context.drawImage(bitmap, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, size.width, size.height);
    else context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await canvas.convertToBlob({ type: options.format, quality: options.quality });
    // A browser that cannot encode the asked type falls back to PNG; say what it really is.
    const mediaType = blob.type === 'image/webp' || blob.type === 'image/jpeg' ? blob.type : 'image/png';
    return { mediaType, data: base64Of(new Uint8Array(await blob.arrayBuffer())), ...size };
  } finally {
    bitmap.close();
  }
}
