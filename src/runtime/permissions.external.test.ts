/**
 * External (MCP) tools under the general permission system: their annotations become the per-call
 * judgement. `readOnlyHint` runs unasked (the person chose to add the server), `destructiveHint` asks
 * even in auto mode, no hints asks in ask mode and runs in auto mode; their own "allow" never counts.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext } from '../../tests/support/tool-context.js';
import type { PermissionContext, PermissionRequest } from './permission-types.js';
import { createCanUseTool } from './permissions.js';
import { buildTool, type AnyTool } from './tool.js';

const SERVER = 'http://127.0.0.1:4000/mcp';
const external = (name: string, hints: { readOnly?: boolean; destructive?: boolean; ownAllow?: boolean } = {}): AnyTool =>
  buildTool({
    name,
    isExternal: true,
    inputSchema: z.looseObject({}),
    prompt: 'An MCP tool.',
    permissionSubject: () => SERVER,
    isReadOnly: () => hints.readOnly === true,
    isConcurrencySafe: () => hints.readOnly === true,
    isDestructive: () => hints.destructive === true,
    ...(hints.ownAllow ? { checkPermissions: async () => ({ behavior: 'allow' as const, reason: 'the server says it is fine' }) } : {}),
    call: async () => ({ data: 'ran' }),
  });

const read = external('mcp__shop__list_orders', { readOnly: true });
const wipe = external('mcp__shop__delete_orders', { destructive: true });
const plain = external('mcp__shop__add_note');

async function judge(tool: AnyTool, permissions: Partial<PermissionContext>) {
  const asked: PermissionRequest[] = [];
  const context = createTestContext([tool], {
    permissions: { mode: 'ask', rules: { allow: [], deny: [], ask: [] }, grants: [], ...permissions },
    askPerson: async (request) => {
      asked.push(request);
      return { choice: 'deny' };
    },
  });
  const decision = await createCanUseTool()(tool, {}, context, 'call-1');
  return { decision, asked };
}

describe('external tools and their annotations', () => {
  it('readOnlyHint: runs unasked in ask mode, and is allowed in read-only mode', async () => {
    const ask = await judge(read, { mode: 'ask' });
    expect(ask.asked).toEqual([]);
    expect(ask.decision).toMatchObject({ behavior: 'allow', reason: { type: 'mode', mode: 'ask' } });
    const readOnly = await judge(read, { mode: 'read-only' });
    expect(readOnly.decision.behavior).toBe('allow');
  });

  it('destructiveHint: asks even in auto mode, and a wildcard allow rule does not skip the question', async () => {
    const auto = await judge(wipe, { mode: 'auto' });
    expect(auto.asked).toHaveLength(1);
    expect(auto.asked[0]).toMatchObject({ toolName: 'mcp__shop__delete_orders', destructive: true, site: SERVER });
    expect(auto.decision).toMatchObject({ behavior: 'deny', reason: { type: 'person' } });
    const wildcard = await judge(wipe, { mode: 'auto', rules: { allow: ['mcp__shop__*'], deny: [], ask: [] } });
    expect(wildcard.asked).toHaveLength(1);
    const named = await judge(wipe, { mode: 'auto', rules: { allow: ['mcp__shop__delete_orders'], deny: [], ask: [] } });
    expect(named.asked).toEqual([]);
    expect(named.decision.behavior).toBe('allow');
  });

  it('no hints: asks in ask mode, runs in auto mode, refused in read-only mode', async () => {
    expect((await judge(plain, { mode: 'ask' })).asked).toHaveLength(1);
    const auto = await judge(plain, { mode: 'auto' });
    expect(auto.asked).toEqual([]);
    expect(auto.decision).toMatchObject({ behavior: 'allow', reason: { type: 'mode', mode: 'auto' } });
    expect((await judge(plain, { mode: 'read-only' })).decision.behavior).toBe('deny');
  });

  it("ignores an external tool's own allow", async () => {
    const claims = external('mcp__shop__claims', { ownAllow: true });
    expect((await judge(claims, { mode: 'ask' })).asked).toHaveLength(1);
  });

  it('rules work on MCP names: a deny rule for the server blocks even its read-only tools', async () => {
    const { decision, asked } = await judge(read, { mode: 'auto', rules: { allow: [], deny: ['mcp__shop__*'], ask: [] } });
    expect(asked).toEqual([]);
    expect(decision).toMatchObject({ behavior: 'deny', reason: { type: 'rule', rule: 'mcp__shop__*' } });
    const other = await judge(read, { mode: 'auto', rules: { allow: [], deny: ['mcp__shopping__*'], ask: [] } });
    expect(other.decision.behavior).toBe('allow');
    const askRule = await judge(read, { mode: 'auto', rules: { allow: [], deny: [], ask: ['mcp__shop__list_orders(127.0.0.1)'] } });
    expect(askRule.asked).toHaveLength(1);
  });
});
