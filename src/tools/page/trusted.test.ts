import { describe, expect, it } from 'vitest';
import type { BrowserBridge } from '../../runtime/browser.js';
import { isToolErrorLike } from '../../runtime/errors.js';
import type { BrowserHit, KeyStep, MouseStep, PageInputPort } from '../../runtime/page-input.js';
import { keyDefinition, type KeyDefinition } from '../../shared/keys.js';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { trustedClick, trustedKey, trustedType } from './trusted.js';

type Command = { type: string } & Record<string, unknown>;
type Sent = { mouse: MouseStep } | { key: KeyStep } | { text: string };

/**
 * A tab for the re-checks: the content script's answers per command type (each may be a function of the
 * command), the browser's hit tests in order, and a log of every input event sent, in order.
 */
function fakeTab(options: { replies?: Record<string, unknown>; hits?: Array<BrowserHit | undefined> }) {
  const sent: Sent[] = [];
  const commands: Command[] = [];
  const hits = [...(options.hits ?? [])];
  const replies: Record<string, unknown> = {
    locate: { documentId: 'd1', url: 'https://a.test/', x: 50, y: 20, label: 'button "Show more"', focused: false, watch: 'p1' },
    point_check: { ok: true },
    pointer_landed: { landed: true },
    caret: { focused: true, value: '', placed: true },
    guard_keys: { token: 'k1', label: 'textbox "Search"', focused: true },
    ...options.replies,
  };
  const input: PageInputPort = {
    acquire: async () => ({ trusted: true }),
    mouse: async (_tab, steps) => {
      for (const step of steps) sent.push({ mouse: step });
      return { outcome: 'dispatched' };
    },
    keys: async (_tab, steps) => {
      for (const step of steps) sent.push({ key: step });
      return { outcome: 'dispatched' };
    },
    insertText: async (_tab, text) => {
      sent.push({ text });
      return { outcome: 'dispatched' };
    },
    hitTest: async (_tab, _x, _y, describe) => {
      const hit = hits.length > 1 ? hits.shift() : hits[0];
      return hit && !describe ? { node: hit.node, frame: hit.frame } : hit;
    },
    release: async () => undefined,
    openDialog: () => undefined,
    answerDialog: async () => {
      throw new Error('no dialog');
    },
    watch: () => ({ events: () => ({ newTabs: [] }), waitForNavigation: async () => undefined, stop: () => undefined }),
  };
  const browser = {
    input,
    async sendToTab(_tabId: number, message: unknown) {
      const command = (message as { command: Command }).command;
      commands.push(command);
      const reply = replies[command.type];
      return { ok: true, result: typeof reply === 'function' ? (reply as (c: Command) => unknown)(command) : reply };
    },
    listFrames: async () => [],
  } as unknown as BrowserBridge;
  return { context: createTestContext([], { browser }), sent, commands };
}

const target = { tabId: 1, frameId: 0, ref: 'e2', documentId: undefined };
const button = { node: 7, frame: 'TOP', tag: 'button' };
const click = { button: 'left' as const, clickCount: 1, modifiers: [] };

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string; suggestion?: string }> {
  try {
    await promise;
  } catch (error) {
    if (isToolErrorLike(error)) return { code: error.code, message: error.message, suggestion: error.suggestion };
    throw error;
  }
  throw new Error('expected the act to fail');
}

describe('a trusted click, judged where it lands', () => {
  it('presses only after the page reacted and the browser still hits the same node in the same frame', async () => {
    const tab = fakeTab({ hits: [button] });
    const acted = await trustedClick(tab.context, target, click);
    expect(acted.done).toBe('Clicked button "Show more"');
    expect(tab.sent.map((s) => ('mouse' in s ? s.mouse.type : 'key'))).toEqual(['move', 'press', 'release']);
    // The target frame's re-check ran between the move and the press, the landing check before the release.
    expect(tab.commands.map((c) => c.type)).toEqual(['locate', 'point_check', 'pointer_landed']);
    expect(tab.commands[0]).toMatchObject({ watch: true });
  });

  it('stops with TARGET_MOVED when another process’s frame took the point after the move (the page’s own check saw nothing wrong)', async () => {
    const frame = { node: 12, frame: 'TOP', tag: 'iframe', src: 'http://localhost:4100/account' };
    const tab = fakeTab({ hits: [button, frame] });
    const error = await failure(trustedClick(tab.context, target, click));
    expect(error.code).toBe('TARGET_MOVED');
    expect(error.message).toBe(
      'a frame from "localhost:4100" is now where the pointer was aimed at button "Show more": the page moved it there after the pointer arrived. Nothing was pressed.',
    );
    expect(tab.sent.map((s) => ('mouse' in s ? s.mouse.type : 'key'))).toEqual(['move']);
  });

  it('stops when the point now belongs to another frame, and when the browser cannot say what is there', async () => {
    const moved = fakeTab({ hits: [button, { node: 3, frame: 'CHILD', tag: 'button' }] });
    expect((await failure(trustedClick(moved.context, target, click))).code).toBe('TARGET_MOVED');
    expect(moved.sent).toHaveLength(1);
    const blind = fakeTab({ hits: [undefined] });
    const error = await failure(trustedClick(blind.context, target, click));
    expect(error.message).toContain('could not say what is under the pointer');
    // No answer is not called a redirection: the advice is to read and try again, or fill the field without the pointer.
    expect(error.suggestion).toMatch(/gave no answer to its hit test.*read_page.*fill_form/);
    expect(error.suggestion).not.toContain('redirects a click');
    expect(blind.sent).toHaveLength(0);
    // No answer after the move either: nothing is pressed.
    const late = fakeTab({ hits: [button, undefined] });
    expect((await failure(trustedClick(late.context, target, click))).message).toContain('could not say what is under the pointer');
    expect(late.sent).toHaveLength(1);
  });

  it('lets the same document redraw the node under the pointer (the page’s own check vouches for the element)', async () => {
    const tab = fakeTab({ hits: [button, { node: 8, frame: 'TOP', tag: 'span' }] });
    await trustedClick(tab.context, target, click);
    expect(tab.sent.map((s) => ('mouse' in s ? s.mouse.type : 'key'))).toEqual(['move', 'press', 'release']);
  });

  it('a press the page stole at the last instant is released away from it, so no click follows, and says what it reached', async () => {
    const tab = fakeTab({ hits: [button], replies: { pointer_landed: { landed: false, on: 'button "Delete account"' } } });
    const error = await failure(trustedClick(tab.context, target, click));
    expect(error.code).toBe('TARGET_MOVED');
    expect(error.message).toContain('reached button "Delete account"');
    const release = tab.sent.at(-1);
    expect(release && 'mouse' in release ? release.mouse : undefined).toMatchObject({ type: 'release', x: 0, y: 0 });
  });

  it('re-checks before every press of a double click (the first click may open something under the pointer)', async () => {
    const tab = fakeTab({ hits: [button] });
    await trustedClick(tab.context, target, { ...click, clickCount: 2 });
    expect(tab.commands.filter((c) => c.type === 'point_check')).toHaveLength(2);
  });
});

describe('trusted typing, only while focus stays in the judged field', () => {
  const field = {
    locate: { documentId: 'd1', url: 'https://a.test/', x: 50, y: 20, label: 'textbox "Search"', focused: false, editable: 'field', watch: 'p1' },
  };

  /**
   * The target frame's key guard as the fake sees it: key events the port sends arrive on the field while
   * it holds focus; `onKeydown` lets the page move focus in the keydown's handler (before its character:
   * `where` 'frame' is another process, where the browser drops the keypress; 'page' another element of
   * this document, whose keypress the guard stops) or after its character (`after`: an input handler).
   */
  function guardedField(
    options: {
      onKeydown?: (n: number) => { where: 'frame' | 'page'; now: string; after?: boolean } | undefined;
      prevent?: boolean;
      lateOnce?: boolean;
      /** From this keydown on, the frame holds a new document (the key's effect loaded a page): it never armed the guard. */
      replacedAt?: number;
    } = {},
  ) {
    const state = { keydowns: 0, keyups: 0, keypresses: 0, arrived: 0, insertions: 0, blocked: 0, focused: true, now: undefined as string | undefined };
    const typed: string[] = [];
    let late = options.lateOnce === true;
    const tab = fakeTab({
      hits: [button],
      replies: {
        ...field,
        keys_landed: (command: Command) => {
          if (options.replacedAt !== undefined && state.keydowns >= options.replacedAt) {
            const none = { keydowns: 0, keyups: 0, keypresses: 0, arrived: 0, insertions: 0, blocked: 0, prevented: false, focused: false };
            return { ...none, replaced: true, now: 'another page (this frame was reloaded or replaced)' };
          }
          const { now, ...counts } = state;
          const reply = { ...counts, prevented: options.prevent === true, ...(now ? { now } : {}) };
          if (late && command.expect !== undefined) {
            late = false;
            return { ...reply, keydowns: reply.keydowns - 1, arrived: reply.arrived - 1 };
          }
          return reply;
        },
      },
    });
    const input = (tab.context.browser as BrowserBridge).input as PageInputPort;
    const keys = input.keys.bind(input);
    input.keys = async (id, steps) => {
      for (const step of steps) {
        if (!state.focused) {
          if (state.now?.startsWith('a frame')) continue; // another process: this document never sees it
          state.arrived++;
          state.blocked++;
          continue;
        }
        state.arrived++;
        if (step.type === 'up') {
          state.keyups++;
          continue;
        }
        state.keydowns++;
        const moved = options.onKeydown?.(state.keydowns);
        if (moved && !moved.after) {
          state.focused = false;
          state.now = moved.now;
          if (moved.where === 'page' && step.text) state.blocked++; // its keypress, stopped by the guard
          continue;
        }
        if (step.text && !options.prevent) {
          state.keypresses++;
          typed.push(step.text);
        }
        if (moved) {
          state.focused = false;
          state.now = moved.now;
        }
      }
      return keys(id, steps);
    };
    return { ...tab, typed };
  }
  const keySteps = (sent: Sent[]) => sent.flatMap((s) => ('key' in s ? [`${s.key.type}:${s.key.key}${s.key.text ? `=${s.key.text}` : ''}`] : []));

  it('sends no key when focus is not on the judged field as its guard arms', async () => {
    const tab = fakeTab({
      hits: [button],
      replies: { ...field, guard_keys: { token: 'k1', label: 'textbox "Search"', focused: false, now: 'an iframe from evil.test' } },
    });
    const error = await failure(trustedType(tab.context, target, 'ab', { clear: false, submit: false, stopped: () => false }));
    expect(error.code).toBe('FOCUS_MOVED');
    expect(error.message).toContain('evil.test');
    expect(keySteps(tab.sent)).toEqual([]);
  });

  it('stops after a key event the judged field never saw arrive (even when read again), sending nothing more', async () => {
    const none = { keydowns: 0, keyups: 0, keypresses: 0, arrived: 0, insertions: 0, blocked: 0, prevented: false, focused: true };
    const tab = fakeTab({ hits: [button], replies: { ...field, keys_landed: none } });
    const error = await failure(trustedType(tab.context, target, 'ab', { clear: false, submit: false, stopped: () => false }));
    expect(error.code).toBe('FOCUS_MOVED');
    expect(keySteps(tab.sent)).toEqual(['down:a=a']);
    // It went where focus was when the browser sent it: the message does not claim it went nowhere.
    expect(error.message).toContain('the last key event sent did not reach it and may have gone to');
    expect(error.message).not.toContain('nothing went anywhere else');
  });

  it('sends each key with its character in one keydown, and checks every key event where it landed before the next goes', async () => {
    const tab = guardedField();
    const acted = await trustedType(tab.context, target, 'ab', { clear: false, submit: false, stopped: () => false });
    expect(acted.done).toBe('Typed 2 characters into textbox "Search"');
    expect(keySteps(tab.sent)).toEqual(['down:a=a', 'up:a', 'down:b=b', 'up:b']);
    // One check per key event, each waiting for all the events sent so far; the last one disarms the guard.
    const checks = tab.commands.filter((c) => c.type === 'keys_landed');
    expect(checks.map((c) => c.expect)).toEqual([1, 2, 3, 4]);
    expect(checks.map((c) => c.end)).toEqual([false, false, false, true]);
    expect(tab.typed).toEqual(['a', 'b']);
  });

  it('stops at once when the keydown’s handler moves focus into another frame: nothing is typed there and nothing more is sent', async () => {
    const tab = guardedField({ onKeydown: (n) => (n === 3 ? { where: 'frame', now: 'a frame from "localhost:4100"' } : undefined) });
    const error = await failure(trustedType(tab.context, target, 'secret', { clear: false, submit: true, stopped: () => false }));
    expect(error.code).toBe('FOCUS_MOVED');
    expect(error.message).toBe(
      'Focus moved from textbox "Search" to a frame from "localhost:4100" while typing: 2 of 6 characters were typed into textbox "Search", and nothing went anywhere else.',
    );
    expect(keySteps(tab.sent)).toEqual(['down:s=s', 'up:s', 'down:e=e', 'up:e', 'down:c=c']);
    expect(tab.typed).toEqual(['s', 'e']);
    // The key guard in the page is disarmed.
    expect(tab.commands.at(-1)).toMatchObject({ type: 'keys_landed', end: true });
  });

  it('focus moved by what a key typed (an input handler) is that key’s effect: its keyup is not sent, and the next key stops', async () => {
    const moves = (at: number) =>
      guardedField({ onKeydown: (n) => (n === at ? { where: 'frame', now: 'a frame from "localhost:4100"', after: true } : undefined) });
    const midway = moves(2);
    const error = await failure(trustedType(midway.context, target, 'abc', { clear: false, submit: false, stopped: () => false }));
    expect(error.message).toContain('2 of 3 characters were typed');
    expect(keySteps(midway.sent)).toEqual(['down:a=a', 'up:a', 'down:b=b']);
    // The last key moving focus on (a code split one digit a box) is the end of the typing, not a redirection.
    const last = moves(3);
    const acted = await trustedType(last.context, target, 'abc', { clear: false, submit: false, stopped: () => false });
    expect(acted.done).toBe('Typed 3 characters into textbox "Search"');
    expect(keySteps(last.sent)).toEqual(['down:a=a', 'up:a', 'down:b=b', 'up:b', 'down:c=c']);
  });

  it('an Enter whose submission loaded a page before its check arrived is that Enter’s effect; a page loaded by an earlier key stops the typing', async () => {
    const submitted = guardedField({ replacedAt: 3 });
    const acted = await trustedType(submitted.context, target, 'ab', { clear: false, submit: true, stopped: () => false });
    expect(acted.done).toContain('Typed 2 characters into textbox "Search"');
    // No keyup: it would reach the new page.
    expect(keySteps(submitted.sent)).toEqual(['down:a=a', 'up:a', 'down:b=b', 'up:b', 'down:Enter=\r']);
    const early = guardedField({ replacedAt: 1 });
    const error = await failure(trustedType(early.context, target, 'ab', { clear: false, submit: true, stopped: () => false }));
    expect(error.code).toBe('FOCUS_MOVED');
    expect(error.message).toContain('another page (this frame was reloaded or replaced)');
  });

  it('a keydown the page prevented types nothing and is no redirection; an event late to arrive is read again, not called a redirection', async () => {
    const prevented = guardedField({ prevent: true });
    await trustedType(prevented.context, target, 'x', { clear: false, submit: false, stopped: () => false });
    expect(prevented.typed).toEqual([]);
    const late = guardedField({ lateOnce: true });
    const acted = await trustedType(late.context, target, 'ab', { clear: false, submit: false, stopped: () => false });
    expect(acted.done).toBe('Typed 2 characters into textbox "Search"');
    expect(late.commands.filter((c) => c.type === 'keys_landed').map((c) => c.expect)).toEqual([1, 1, 2, 3, 4]);
  });

  it('an Enter goes only to the element it was judged for: focus moved by its keydown, its keypress stopped, no keyup follows', async () => {
    const tab = guardedField({ onKeydown: () => ({ where: 'page', now: 'textbox "Confirm text"' }) });
    const enter = keyDefinition('Enter') as KeyDefinition;
    const error = await failure(trustedKey(tab.context, 1, { ...enter, name: 'Enter', modifiers: [] }, undefined));
    expect(error.code).toBe('FOCUS_MOVED');
    expect(error.message).toContain('to textbox "Confirm text"');
    expect(keySteps(tab.sent)).toEqual(['down:Enter=\r']);
    expect(tab.typed).toEqual([]);
  });
});
