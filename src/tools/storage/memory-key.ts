/** Helpers the storage tools share: the memory port and the key field with the store's rules. */
import { z } from 'zod';
import type { MemoryStore, ToolUseContext } from '../../runtime/context.js';
import { ToolError } from '../../runtime/errors.js';
import type { ValidationResult } from '../../runtime/tool.js';
import { MEMORY_LIMITS, checkMemoryKey } from '../../shared/memory-rules.js';

/** The `key` field of the memory tools. */
export const memoryKeyField = () =>
  z
    .string()
    .describe(
      `The note's name: ${MEMORY_LIMITS.keyMinChars}–${MEMORY_LIMITS.keyMaxChars} printable characters, no leading or trailing spaces, e.g. "user_preferences" or "site/example.com".`,
    );

/** The run's memory store, or a structured error when the extension gave the run none. */
export function requireMemory(context: ToolUseContext): MemoryStore {
  if (!context.memory) {
    throw new ToolError('MEMORY_UNAVAILABLE', 'Memory is not available in this run.', {
      suggestion: 'Continue without saved notes; keep what you need in the conversation instead.',
    });
  }
  return context.memory;
}

/** `validateInput` for a key: the store's rules, checked before any permission prompt. */
export function validateMemoryKey(key: string): ValidationResult {
  const error = checkMemoryKey(key);
  if (!error) return { ok: true };
  return { ok: false, code: error.code, message: error.message, suggestion: error.suggestion };
}

/** NOT_FOUND for a key, naming some keys that do exist. */
export function memoryNotFound(key: string, existing: readonly string[]): ToolError {
  const shown = existing.slice(0, 20);
  return new ToolError('NOT_FOUND', `There is no memory note named "${key}".`, {
    suggestion: existing.length
      ? 'Use one of the existing keys (memory_read without a key lists them all with their sizes).'
      : 'Memory is empty; save a note with memory_write first.',
    details: { key, existing_keys: shown, ...(existing.length > shown.length ? { more_keys: existing.length - shown.length } : {}) },
  });
}
