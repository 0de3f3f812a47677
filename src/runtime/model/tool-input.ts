/** Tool-call input as the model clients receive it: JSON text streamed in pieces. */
import { UNPARSEABLE_INPUT_KEY } from '../parse-input.js';

/**
 * The input of a finished tool call. Empty text is `{}`; text that is not JSON (often cut off by the
 * output limit) is kept under UNPARSEABLE_INPUT_KEY, so the executor can tell the model what broke.
 */
export function parseStreamedToolInput(json: string): unknown {
  if (json.trim() === '') return {};
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return { [UNPARSEABLE_INPUT_KEY]: json };
  }
}
