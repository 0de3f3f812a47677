/**
 * What the context window needs to know about a model: how much it can take in one request, how images
 * for it are encoded, and what its tokens cost. A table of known models with defaults, matched by model
 * id, and overridable per model by the person (Settings → `models`).
 */
import { z } from 'zod';

/** US dollars per million tokens. */
export interface ModelPrices {
  input: number;
  output: number;
  /** Reading a cached prompt prefix. */
  cacheRead: number;
  /** Writing a prompt prefix to the cache (Anthropic's 5-minute cache; OpenAI caches for free, so = input). */
  cacheWrite: number;
}

/** How images for the model are encoded: long edge in pixels, format, quality (0–1, for lossy formats). */
export interface ImageOptions {
  maxEdge: number;
  format: 'image/webp' | 'image/jpeg' | 'image/png';
  quality: number;
}

/** One model's limits and prices. */
export interface ModelProfile {
  /** Tokens one request may hold, input and output together. */
  contextWindow: number;
  /** The output cap assumed when a request sets none (the Anthropic client's default is 8,192). */
  maxOutputTokens: number;
  /** Absent when unknown: the meter then counts tokens and says the cost is unknown, never $0. */
  prices?: ModelPrices;
  image: ImageOptions;
}

/**
 * Screenshots for cloud models: WebP at 0.6, about half the size of JPEG at the same quality (a 2560×1600 PNG
 * of ~280 KB in base64 becomes ~45 KB). bench/screenshot-quality.bench.ts reads corpus pages by OCR at each
 * quality against the same image kept lossless: in three runs (66 page views with text) 0.6 kept as many words as 0.75
 * and 0.8 (their differences were within OCR noise), while 0.5 lost words in two of them; looked at closely,
 * 0.6 leaves faint smudges beside coloured text but every letter intact. It is 9% smaller than 0.75 (the model
 * is billed by pixels, so bytes are upload time and storage). 1280 stays under the sizes both providers scale
 * down to anyway (Anthropic 1568 px, OpenAI 2048 then 768 on the short side), so nothing the model would see
 * is lost.
 */
export const CLOUD_IMAGE_OPTIONS: ImageOptions = { maxEdge: 1280, format: 'image/webp', quality: 0.6 };

/** Local and unknown servers: JPEG, which every vision model server decodes (WebP support varies). */
export const DEFAULT_IMAGE_OPTIONS: ImageOptions = { maxEdge: 1280, format: 'image/jpeg', quality: 0.75 };

const anthropic = (input: number, output: number): ModelProfile => ({
  contextWindow: 200_000,
  maxOutputTokens: 8_192,
  // Anthropic bills cache writes (5-minute TTL) at 1.25× input and cache reads at 0.1× input.
  prices: { input, output, cacheRead: input / 10, cacheWrite: input * 1.25 },
  image: CLOUD_IMAGE_OPTIONS,
});

const openai = (contextWindow: number, input: number, cachedInput: number, output: number, maxOutputTokens: number): ModelProfile => ({
  contextWindow,
  maxOutputTokens,
  // OpenAI caches prefixes automatically, with no charge for writing them.
  prices: { input, output, cacheRead: cachedInput, cacheWrite: input },
  image: CLOUD_IMAGE_OPTIONS,
});

/**
 * Known models by id prefix (the longest matching prefix wins, so `gpt-4.1-mini` is not priced as `gpt-4.1`).
 * Prices in USD per million tokens as listed on https://docs.anthropic.com/en/docs/about-claude/pricing and
 * https://platform.openai.com/docs/pricing, checked 2025-10 (standard tier; Claude's >200K-token long-context
 * pricing is not modelled because the window here is 200K). Edit them in Settings when they change.
 */
export const KNOWN_MODELS: Readonly<Record<string, ModelProfile>> = {
  'claude-sonnet-4-5': anthropic(3, 15),
  'claude-sonnet-4': anthropic(3, 15),
  'claude-3-7-sonnet': anthropic(3, 15),
  'claude-opus-4-1': anthropic(15, 75),
  'claude-opus-4': anthropic(15, 75),
  'claude-haiku-4-5': anthropic(1, 5),
  'claude-3-5-haiku': anthropic(0.8, 4),
  'gpt-4.1': openai(1_047_576, 2, 0.5, 8, 32_768),
  'gpt-4.1-mini': openai(1_047_576, 0.4, 0.1, 1.6, 32_768),
  'gpt-4.1-nano': openai(1_047_576, 0.1, 0.025, 0.4, 32_768),
  'gpt-4o': openai(128_000, 2.5, 1.25, 10, 16_384),
  'gpt-4o-mini': openai(128_000, 0.15, 0.075, 0.6, 16_384),
};

/**
 * An unknown model (a local server, a new release): a window small enough for most local models' defaults
 * to be reached only after compaction had its chance, and no price.
 */
export const UNKNOWN_MODEL: ModelProfile = { contextWindow: 32_000, maxOutputTokens: 8_192, image: DEFAULT_IMAGE_OPTIONS };

/** What a person may override per model id (every field optional), as stored in Settings. */
export const modelOverrideSchema = z.object({
  contextWindow: z.number().int().min(1_000).max(10_000_000).optional().describe('Tokens one request may hold'),
  maxOutputTokens: z.number().int().min(1).max(1_000_000).optional().describe('Output cap assumed when a request sets none'),
  prices: z
    .object({ input: z.number().min(0), output: z.number().min(0), cacheRead: z.number().min(0), cacheWrite: z.number().min(0) })
    .optional()
    .describe('USD per million tokens'),
  image: z
    .object({ maxEdge: z.number().int().min(256).max(8_000), format: z.enum(['image/webp', 'image/jpeg', 'image/png']), quality: z.number().min(0.1).max(1) })
    .partial()
    .optional()
    .describe('How screenshots are encoded for this model'),
});
export type ModelOverride = z.infer<typeof modelOverrideSchema>;

/** Lower-case, without a router prefix (`anthropic/claude-sonnet-4.5` → `claude-sonnet-4-5`). */
export function normalizeModelId(model: string): string {
  const bare = model.trim().toLowerCase().split('/').pop() ?? '';
  // Claude ids use dashes between version digits; routers often write dots (claude-sonnet-4.5).
  return bare.startsWith('claude') ? bare.replace(/(\d)\.(\d)/g, '$1-$2') : bare;
}

/** The key of `table` that is the longest prefix of the model id, if any. */
function longestPrefix(id: string, keys: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const key of keys) {
    const k = normalizeModelId(key);
    // A prefix must end at a boundary: `gpt-4o` must not claim a hypothetical `gpt-4ox`.
    const boundary = id.length === k.length || /[-:@_.]/.test(id[k.length] ?? '');
    if (id.startsWith(k) && boundary && (best === undefined || k.length > normalizeModelId(best).length)) best = key;
  }
  return best;
}

/** The profile for a model id: the known defaults, then the person's override for it (by the same matching). */
export function modelProfile(model: string, overrides: Readonly<Record<string, ModelOverride>> = {}): ModelProfile {
  const id = normalizeModelId(model);
  const knownKey = longestPrefix(id, Object.keys(KNOWN_MODELS));
  const base = knownKey ? (KNOWN_MODELS[knownKey] as ModelProfile) : UNKNOWN_MODEL;
  const overrideKey = longestPrefix(id, Object.keys(overrides));
  const override = overrideKey ? overrides[overrideKey] : undefined;
  const prices = override?.prices ?? base.prices;
  return {
    contextWindow: override?.contextWindow ?? base.contextWindow,
    maxOutputTokens: override?.maxOutputTokens ?? base.maxOutputTokens,
    ...(prices ? { prices } : {}),
    image: { ...base.image, ...override?.image },
  };
}
