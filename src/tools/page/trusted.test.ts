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

  it('sends each key as its keydown, checks focus, then its character: the page sees every key', async () => {
    let keydowns = 0;
    const tab = fakeTab({
      hits: [button],
      replies: {
        ...field,
        keys_landed: () => ({ keydowns: keydowns, insertions: 0, blocked: 0, prevented: false, focused: true }),
      },
    });
    // Count a keydown for every down step the fake input port receives.
    const input = (tab.context.browser as BrowserBridge).input as PageInputPort;
    const keys = input.keys.bind(input);
    input.keys = async (id, steps) => {
      keydowns += steps.filter((s) => s.type === 'down').length;
      return keys(id, steps);
    };
    const acted = await trustedType(tab.context, target, 'ab', { clear: false, submit: false, stopped: () => false });
    expect(acted.done).toBe('Typed 2 characters into textbox "Search"');
    const keySteps = tab.sent.flatMap((s) => ('key' in s ? [`${s.key.type}:${s.key.key}${s.key.text ? `=${s.key.text}` : ''}`] : []));
    expect(keySteps).toEqual(['down:a', 'char:a=a', 'up:a', 'down:b', 'char:b=b', 'up:b']);
  });

  it('stops at once when the page moves focus in the keydown handler: that key’s character and the rest are never sent', async () => {
    let keydowns = 0;
    const tab = fakeTab({
      hits: [button],
      replies: {
        ...field,
        keys_landed: () =>
          keydowns < 3
            ? { keydowns, insertions: 0, blocked: 0, prevented: false, focused: true }
            : { keydowns, insertions: 0, blocked: 0, prevented: false, focused: false, now: 'a frame from "localhost:4100"' },
      },
    });
    const input = (tab.context.browser as BrowserBridge).input as PageInputPort;
    const keys = input.keys.bind(input);
    input.keys = async (id, steps) => {
      keydowns += steps.filter((s) => s.type === 'down').length;
      return keys(id, steps);
    };
    const error = await failure(trustedType(tab.context, target, 'secret', { clear: false, submit: true, stopped: () => false }));
    expect(error.code).toBe('FOCUS_MOVED');
    expect(error.message).toBe(
      'Focus moved from textbox "Search" to a frame from "localhost:4100" while typing: 2 of 6 characters were typed into textbox "Search", and nothing went anywhere else.',
    );
    const chars = tab.sent.flatMap((s) => ('key' in s && s.key.type === 'char' ? [s.key.text] : []));
    expect(chars).toEqual(['s', 'e']);
    // The key guard in the page is disarmed.
    expect(tab.commands.at(-1)).toMatchObject({ type: 'keys_landed', end: true });
  });

  it('a keydown the page prevented types nothing, as for a person’s key', async () => {
    let keydowns = 0;
    const tab = fakeTab({
      hits: [button],
      replies: { ...field, keys_landed: () => ({ keydowns, insertions: 0, blocked: 0, prevented: true, focused: true }) },
    });
    const input = (tab.context.browser as BrowserBridge).input as PageInputPort;
    const keys = input.keys.bind(input);
    input.keys = async (id, steps) => {
      keydowns += steps.filter((s) => s.type === 'down').length;
      return keys(id, steps);
    };
    await trustedType(tab.context, target, 'x', { clear: false, submit: false, stopped: () => false });
    expect(tab.sent.some((s) => 'key' in s && s.key.type === 'char')).toBe(false);
  });

  it('an Enter goes only to the element it was judged for: focus moved by its keydown, no Enter is typed', async () => {
    let keydowns = 0;
    const tab = fakeTab({
      replies: {
        guard_keys: { token: 'k1', label: 'textbox "Search"', focused: true },
        keys_landed: () => ({ keydowns, insertions: 0, blocked: 0, prevented: false, focused: false, now: 'textbox "Confirm text"' }),
      },
    });
    const input = (tab.context.browser as BrowserBridge).input as PageInputPort;
    const keys = input.keys.bind(input);
    input.keys = async (id, steps) => {
      keydowns += steps.filter((s) => s.type === 'down').length;
      return keys(id, steps);
    };
    const enter = keyDefinition('Enter') as KeyDefinition;
    const error = await failure(trustedKey(tab.context, 1, { ...enter, name: 'Enter', modifiers: [] }, undefined));
    expect(error.code).toBe('FOCUS_MOVED');
    expect(error.message).toContain('to textbox "Confirm text"');
    expect(tab.sent.map((s) => ('key' in s ? s.key.type : ''))).toEqual(['down']);
    expect(tab.sent[0] && 'key' in tab.sent[0] ? tab.sent[0].key.text : 'none').toBeUndefined();
  });
});
