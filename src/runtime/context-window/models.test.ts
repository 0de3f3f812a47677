import { describe, expect, it } from 'vitest';
import { CLOUD_IMAGE_OPTIONS, DEFAULT_IMAGE_OPTIONS, KNOWN_MODELS, modelOverrideSchema, modelProfile, normalizeModelId, UNKNOWN_MODEL } from './models.js';

describe('modelProfile', () => {
  it('knows the default models and their dated and routed ids, by the longest matching prefix', () => {
    expect(modelProfile('claude-sonnet-4-5')).toEqual(KNOWN_MODELS['claude-sonnet-4-5']);
    expect(modelProfile('claude-sonnet-4-5-20250929').prices).toEqual({ input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 });
    expect(modelProfile('anthropic/claude-sonnet-4.5').contextWindow).toBe(200_000);
    expect(modelProfile('gpt-4.1').prices).toEqual({ input: 2, output: 8, cacheRead: 0.5, cacheWrite: 2 });
    expect(modelProfile('gpt-4.1-mini-2025-04-14').prices?.input).toBe(0.4);
    expect(modelProfile('openai/gpt-4o-mini').prices?.input).toBe(0.15);
    expect(modelProfile('gpt-4.1').image).toEqual(CLOUD_IMAGE_OPTIONS);
  });

  it('treats other models (local servers) as unknown: a small window, JPEG images, no price rather than $0', () => {
    for (const id of ['llama3.2:3b', 'qwen2.5-vl', 'gpt-4oX', 'claude']) {
      expect(modelProfile(id), id).toEqual(UNKNOWN_MODEL);
    }
    expect(UNKNOWN_MODEL.prices).toBeUndefined();
    expect(UNKNOWN_MODEL.image).toEqual(DEFAULT_IMAGE_OPTIONS);
  });

  it('applies the person’s override for a model, field by field', () => {
    const overrides = {
      'llama3.2': modelOverrideSchema.parse({ contextWindow: 128_000, image: { format: 'image/webp' } }),
      'claude-sonnet-4-5': modelOverrideSchema.parse({ prices: { input: 2, output: 10, cacheRead: 0.2, cacheWrite: 2.5 } }),
    };
    const local = modelProfile('llama3.2:3b', overrides);
    expect(local.contextWindow).toBe(128_000);
    expect(local.image).toEqual({ ...DEFAULT_IMAGE_OPTIONS, format: 'image/webp' });
    expect(modelProfile('claude-sonnet-4-5-20250929', overrides).prices?.input).toBe(2);
    expect(modelProfile('claude-haiku-4-5', overrides).prices?.input).toBe(1);
    expect(modelOverrideSchema.safeParse({ image: { maxEdge: 10 } }).success).toBe(false);
  });

  it('normalises ids as routers write them', () => {
    expect(normalizeModelId(' OpenRouter/Anthropic/Claude-Haiku-4.5 ')).toBe('claude-haiku-4-5');
    expect(normalizeModelId('gpt-4.1')).toBe('gpt-4.1');
  });
});
