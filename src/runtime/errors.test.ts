/** The one wire error and its way back, and `safely` around a tool method. */
import { describe, expect, it } from 'vitest';
import { errorPayloadSchema, fromErrorPayload, messageOf, safely, ToolError, toErrorPayload } from './errors.js';

describe('toErrorPayload', () => {
  it('keeps a ToolError with its details at the top level', () => {
    const error = new ToolError('OPTION_NOT_FOUND', 'No option "Mars".', { suggestion: 'Pick one of the options.', details: { options: ['Earth'] } });
    expect(toErrorPayload(error)).toEqual({
      code: 'OPTION_NOT_FOUND',
      message: 'No option "Mars".',
      suggestion: 'Pick one of the options.',
      options: ['Earth'],
    });
  });

  it('keeps the extra fields of an error that crossed a boundary, but not its name or stack', () => {
    const crossed = { name: 'ToolError', stack: 'at x', code: 'TAB_CLOSED', message: 'Tab 4 is closed.', tab_id: 4 };
    expect(toErrorPayload(crossed, { suggestion: 'List the tabs.' })).toEqual({
      code: 'TAB_CLOSED',
      message: 'Tab 4 is closed.',
      suggestion: 'List the tabs.',
      tab_id: 4,
    });
    // A suggestion that is not text is not passed on: the payload must still match the schema.
    expect(errorPayloadSchema.safeParse(toErrorPayload({ ...crossed, suggestion: 7 })).success).toBe(true);
  });

  it('gives an uncoded throw the fallback code and suggestion', () => {
    expect(toErrorPayload(new RangeError('too deep'))).toMatchObject({ code: 'TOOL_FAILED', message: 'too deep' });
    expect(toErrorPayload('plain', { code: 'FAILED', suggestion: 'Try again.' })).toEqual({ code: 'FAILED', message: 'plain', suggestion: 'Try again.' });
    expect(toErrorPayload(new Error('')).message).not.toBe('');
  });

  it('comes back as the same ToolError on the receiving side', () => {
    const error = new ToolError('STALE_REF', 'Ref e9 is gone.', { suggestion: 'Read the page again.', details: { ref: 'e9' } });
    const back = fromErrorPayload(toErrorPayload(error));
    expect(back).toBeInstanceOf(ToolError);
    expect({ code: back.code, message: back.message, suggestion: back.suggestion, details: back.details }).toEqual({
      code: 'STALE_REF',
      message: 'Ref e9 is gone.',
      suggestion: 'Read the page again.',
      details: { ref: 'e9' },
    });
  });
});

describe('messageOf', () => {
  it("is an Error's message, or the thrown value as text", () => {
    expect(messageOf(new Error('boom'))).toBe('boom');
    expect(messageOf(42)).toBe('42');
  });
});

describe('safely', () => {
  it("is the method's answer, or the fallback when it throws", () => {
    expect(safely(() => true, false)).toBe(true);
    expect(
      safely(() => {
        throw new Error('buggy');
      }, false),
    ).toBe(false);
  });

  it('falls back when an async method rejects or throws', async () => {
    // As permissionSubject is asked: an async method that may answer undefined.
    type Subject = Promise<string | undefined>;
    expect(await safely<Subject>(async () => 'https://a.test', undefined)).toBe('https://a.test');
    expect(await safely<Subject>(() => Promise.reject(new Error('no tab')), 'fallback')).toBe('fallback');
    expect(
      await safely<Subject>(async () => {
        throw new Error('buggy');
      }, 'fallback'),
    ).toBe('fallback');
  });
});
