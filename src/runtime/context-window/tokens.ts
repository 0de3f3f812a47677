/**
 * Token estimates for what a request carries, without a tokenizer: text by characters, images by pixels
 * (providers bill images by size, not by their bytes). The policy corrects the estimate with the counts
 * each reply reports (`Calibration`), so the rough constant matters little after the first turn.
 */
import type { ContentBlock, Message, ToolResultContentBlock, ToolSpec } from '../model/types.js';
import { imageSize } from './image-size.js';

/**
 * Characters per token for the mix of prose, JSON and page trees a run carries. English prose is nearer 4,
 * JSON and trees nearer 3; the lower figure errs towards compacting and stopping early, not late.
 */
export const CHARS_PER_TOKEN = 3.5;

/** When an image's size cannot be read: about a 1280×800 screenshot. */
const UNKNOWN_IMAGE_TOKENS = 1_400;

/** Tokens for a text. */
export const textTokens = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN);

/**
 * Tokens for an image: Anthropic's published rule, width × height / 750 after scaling to at most 1568 px on
 * the long edge and 1.15 megapixels. OpenAI's tile rule gives about the same for screenshots (1280×800: 1,105
 * against 1,366), so one rule serves both.
 */
export function imageTokens(base64: string): number {
  const size = imageSize(base64);
  if (!size || size.width <= 0 || size.height <= 0) return UNKNOWN_IMAGE_TOKENS;
  const edge = Math.min(1, 1568 / Math.max(size.width, size.height));
  const area = Math.min(size.width * edge * size.height * edge, 1_150_000);
  return Math.ceil(area / 750);
}

/** Tokens for one content block (tool calls and results as the JSON the provider reads). */
export function blockTokens(block: ContentBlock | ToolResultContentBlock): number {
  switch (block.type) {
    case 'text':
      return textTokens(block.text);
    case 'image':
      return imageTokens(block.source.data);
    case 'tool_use':
      return textTokens(block.name) + textTokens(JSON.stringify(block.input ?? {})) + 8;
    case 'tool_result':
      return block.content.reduce((sum, inner) => sum + blockTokens(inner), 8);
  }
}

/** Tokens for a message (a few for the role and framing). */
export const messageTokens = (message: Message): number => message.content.reduce((sum, block) => sum + blockTokens(block), 4);

/** Tokens for a whole request's input: system prompt, tool specs and messages. */
export function requestTokens(request: { system: string; tools: readonly ToolSpec[]; messages: readonly Message[] }): number {
  const tools = request.tools.reduce((sum, tool) => sum + textTokens(JSON.stringify(tool)), 0);
  return textTokens(request.system) + tools + request.messages.reduce((sum, message) => sum + messageTokens(message), 0);
}

/**
 * Turns raw estimates into the provider's count: after each reply, the ratio of the tokens it reported to
 * what was estimated for that request (bounded, so one odd reply cannot swing it far).
 */
export interface Calibration {
  /** Multiply raw estimates by this. */
  factor: number;
}

/**
 * The calibration after a request estimated at `estimated` raw tokens was reported as `reported`. A report
 * far from the estimate (a server that counts nothing, or something else) says nothing about sizes: ignored.
 */
export function calibrate(estimated: number, reported: number): Calibration {
  const ratio = estimated > 0 && reported > 0 ? reported / estimated : 1;
  if (ratio < 0.25 || ratio > 4) return { factor: 1 };
  return { factor: Math.min(2, Math.max(0.5, ratio)) };
}
