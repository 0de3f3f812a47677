/**
 * The rules of the agent's memory, in one place: the store enforces them, the tools state them to the
 * model, and the errors are the same whoever meets them.
 */
import { ToolError } from '../runtime/errors.js';

/** The limits of the memory store. Sizes are counted in characters (what the model writes). */
export const MEMORY_LIMITS = {
  keyMinChars: 1,
  keyMaxChars: 100,
  valueMaxChars: 20_000,
  maxEntries: 200,
  /** Keys plus values of all entries together. */
  totalMaxChars: 500_000,
} as const;

/** Error codes of the memory store. */
export const MEMORY_ERROR_CODES = ['INVALID_KEY', 'VALUE_TOO_LARGE', 'MEMORY_FULL', 'NOT_FOUND'] as const;

// Printable: no control, format, surrogate, private-use or unassigned characters (\p{C}), so a key
// shows the same in the settings list as in the model's transcript and cannot hide text.
const PRINTABLE = /^[^\p{C}]+$/u;

/** Checks a key against the rules; returns the error to throw, or undefined when the key is fine. */
export function checkMemoryKey(key: string): ToolError | undefined {
  const rules = `Keys are ${MEMORY_LIMITS.keyMinChars}–${MEMORY_LIMITS.keyMaxChars} printable characters without leading or trailing spaces, e.g. "user_preferences" or "project/notes".`;
  if (key.length < MEMORY_LIMITS.keyMinChars || key.length > MEMORY_LIMITS.keyMaxChars) {
    return new ToolError('INVALID_KEY', `The memory key is ${key.length} characters long.`, { suggestion: rules, details: { key: key.slice(0, 120) } });
  }
  if (!PRINTABLE.test(key)) {
    return new ToolError('INVALID_KEY', 'The memory key contains control or other non-printable characters.', { suggestion: rules, details: { key } });
  }
  if (key.trim() !== key) {
    return new ToolError('INVALID_KEY', 'The memory key starts or ends with whitespace.', { suggestion: rules, details: { key } });
  }
  return undefined;
}

/** Checks a value's size; returns the error to throw, or undefined when it fits. */
export function checkMemoryValue(value: string): ToolError | undefined {
  if (value.length > MEMORY_LIMITS.valueMaxChars) {
    return new ToolError('VALUE_TOO_LARGE', `The value is ${value.length} characters; one note holds at most ${MEMORY_LIMITS.valueMaxChars}.`, {
      suggestion: 'Shorten or summarize the note, or split it over several keys (e.g. "notes/1", "notes/2").',
      details: { valueChars: value.length, limitChars: MEMORY_LIMITS.valueMaxChars },
    });
  }
  return undefined;
}

/** The characters an entry counts against the total limit. */
export const entryChars = (entry: { key: string; value: string }): number => entry.key.length + entry.value.length;

/** The MEMORY_FULL error, with what memory holds now. */
export function memoryFull(message: string, entries: number, totalChars: number): ToolError {
  return new ToolError('MEMORY_FULL', message, {
    suggestion: 'List the notes with memory_read (no key), delete ones no longer needed with memory_delete, or shorten this note; then retry.',
    details: { entries, totalChars, maxEntries: MEMORY_LIMITS.maxEntries, totalMaxChars: MEMORY_LIMITS.totalMaxChars },
  });
}
