/** Prompts queue: none is lost or overwritten, each answer brings up the next, a stop denies only its own. */
import { describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../runtime/permission-types.js';
import { PermissionBridge } from './permission-bridge.js';

const request = (toolUseId: string): PermissionRequest => ({
  toolUseId,
  toolName: 'click',
  description: `Click ${toolUseId}`,
  input: {},
  why: { type: 'mode', mode: 'ask', detail: 'ask' },
  destructive: false,
  choices: ['allow_once', 'deny'],
});

describe('PermissionBridge', () => {
  it('shows the oldest prompt with how many wait, and the next one after each answer', async () => {
    const shown: Array<{ id: string; queued?: number }> = [];
    const resolved: string[] = [];
    const bridge = new PermissionBridge({
      show: (r) => shown.push({ id: r.toolUseId, ...(r.queued ? { queued: r.queued } : {}) }),
      resolved: (id) => resolved.push(id),
    });
    const signal = new AbortController().signal;
    const first = bridge.ask(request('a'), signal);
    const second = bridge.ask(request('b'), signal);
    const third = bridge.ask(request('c'), signal);
    expect(shown).toEqual([{ id: 'a' }, { id: 'a', queued: 1 }, { id: 'a', queued: 2 }]);
    expect(bridge.pending).toMatchObject({ toolUseId: 'a', queued: 2 });

    bridge.answer('b', { choice: 'allow_once' }); // an answer to a waiting prompt counts too
    expect(await second).toEqual({ choice: 'allow_once' });
    bridge.answer('a', { choice: 'deny', reason: 'no' });
    expect(await first).toEqual({ choice: 'deny', reason: 'no' });
    expect(bridge.pending?.toolUseId).toBe('c');
    bridge.answer('c', { choice: 'allow_task' });
    expect(await third).toEqual({ choice: 'allow_task' });
    expect(resolved).toEqual(['b', 'a', 'c']);
    expect(bridge.pending).toBeUndefined();
    bridge.answer('c', { choice: 'deny' }); // a late answer changes nothing
  });

  it('a stop denies the stopped call’s prompt and leaves the others waiting', async () => {
    const bridge = new PermissionBridge({ show: () => undefined, resolved: () => undefined });
    const stopped = new AbortController();
    const mine = bridge.ask(request('a'), stopped.signal);
    const other = bridge.ask(request('b'), new AbortController().signal);
    stopped.abort();
    expect(await mine).toEqual({ choice: 'deny', reason: 'The run was stopped.' });
    expect(bridge.pending?.toolUseId).toBe('b');
    bridge.answer('b', { choice: 'allow_once' });
    expect(await other).toEqual({ choice: 'allow_once' });
    expect(await bridge.ask(request('c'), stopped.signal)).toEqual({ choice: 'deny', reason: 'The run was stopped.' });
  });
});
