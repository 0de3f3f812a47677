/**
 * The page protocol is checked by the compiler on the content script's side: a handler map whose reply
 * has a wrong or missing field, or that lacks a command, does not build. (A field the protocol does not
 * know is dropped by the worker's parse, which strips unknown keys.) Each `@ts-expect-error` fails this
 * check if the error it expects goes away.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { pageHandlers } from './handler.js';
import type { PageCommandOf, PageHandlers, PageResultOf } from '../shared/protocol/page.js';

declare const handlers: PageHandlers;

describe('PageHandlers', () => {
  it('takes each command as its own type and returns its own result type', () => {
    expectTypeOf<Parameters<PageHandlers['click']>[0]>().toEqualTypeOf<PageCommandOf<'click'>>();
    expectTypeOf<ReturnType<PageHandlers['click']>>().toEqualTypeOf<PageResultOf<'click'> | Promise<PageResultOf<'click'>>>();
    expectTypeOf(pageHandlers).toEqualTypeOf<PageHandlers>();
  });

  it('rejects a reply with a field of the wrong type', () => {
    // @ts-expect-error title must be a string
    const wrong: PageHandlers = { ...handlers, ping: () => ({ documentId: 'd', url: 'https://a.test/', title: 3 }) };
    expectTypeOf(wrong).toEqualTypeOf<PageHandlers>();
  });

  it('rejects a reply with a field missing', () => {
    // @ts-expect-error a fill result must carry each field's result
    const missing: PageHandlers = { ...handlers, fill: () => ({ documentId: 'd', url: 'https://a.test/', summary: 'Filled 1 of 1 fields.' }) };
    expectTypeOf(missing).toEqualTypeOf<PageHandlers>();
  });

  it('rejects an async reply with a wrong field', () => {
    // @ts-expect-error summary must be a string, also once the page has settled
    const late: PageHandlers = { ...handlers, click: async (command) => ({ documentId: command.ref, url: 'https://a.test/', summary: 1 }) };
    expectTypeOf(late).toEqualTypeOf<PageHandlers>();
  });

  it('rejects a handler for another command', () => {
    // @ts-expect-error the ping handler cannot expect a click command
    const crossed: PageHandlers = { ...handlers, ping: (command: PageCommandOf<'click'>) => ({ documentId: command.ref, url: 'u', title: 't' }) };
    expectTypeOf(crossed).toEqualTypeOf<PageHandlers>();
  });

  it('rejects a map without a handler for every command', () => {
    const { ping: _ping, ...rest } = handlers;
    // @ts-expect-error every command needs its handler
    const lacking: PageHandlers = rest;
    expectTypeOf(lacking).toEqualTypeOf<PageHandlers>();
  });
});
