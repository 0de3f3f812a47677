import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { PermissionContext, PermissionRequest, PersonChoice, SiteGrant } from './permission-types.js';
import { createCanUseTool, matchesPattern, matchesRule, parseRule } from './permissions.js';
import { buildTool, type ToolPermissionResult } from './tool.js';
import { createTestContext } from '../../tests/support/tool-context.js';

const siteInput = z.object({ url: z.string().describe('Where'), danger: z.boolean().default(false).describe('Destructive?') });
const readPage = buildTool({
  name: 'read_page',
  inputSchema: siteInput,
  prompt: 'p',
  isReadOnly: () => true,
  permissionSubject: (i) => i.url,
  call: async () => ({ data: 1 }),
});
const act = buildTool({
  name: 'act',
  inputSchema: siteInput,
  prompt: 'p',
  description: (i) => `Act on ${i.url}`,
  permissionSubject: (i) => i.url,
  isDestructive: (i) => i.danger,
  call: async () => ({ data: 1 }),
});
const withOwn = (own: ToolPermissionResult) =>
  buildTool({ name: 'own', inputSchema: siteInput, prompt: 'p', checkPermissions: async () => own, call: async () => ({ data: 1 }) });

function setup(permissions: Partial<PermissionContext> = {}, answer?: PersonChoice, grants: SiteGrant[] = []) {
  const asked: PermissionRequest[] = [];
  const context = createTestContext([readPage, act], {
    permissions: { mode: 'ask', rules: { allow: [], deny: [], ask: [] }, grants: [], ...permissions },
    appState: { discoveredTools: [], grants },
    ...(answer
      ? {
          askPerson: async (request: PermissionRequest) => {
            asked.push(request);
            return answer;
          },
        }
      : {}),
  });
  return { context, asked };
}

const SHOP = 'https://shop.example.com/cart';

describe('rules', () => {
  it('parses tool and tool(pattern), and refuses malformed rules', () => {
    expect(parseRule('click')).toMatchObject({ tool: 'click', pattern: undefined });
    expect(parseRule('click(*.example.com)')).toMatchObject({ tool: 'click', pattern: '*.example.com' });
    expect(parseRule('click(')).toBeUndefined();
    expect(parseRule('')).toBeUndefined();
    expect(parseRule('mcp__github__*')?.toolMatches('mcp__github__create_issue')).toBe(true);
    expect(parseRule('mcp__github__*')?.toolMatches('mcp__gitlab__x')).toBe(false);
  });

  it('matches *.example.com against the site and its subdomains only', () => {
    expect(matchesPattern('*.example.com', 'https://shop.example.com/cart')).toBe(true);
    expect(matchesPattern('*.example.com', 'example.com')).toBe(true);
    expect(matchesPattern('*.example.com', 'https://example.com.evil.net/')).toBe(false);
    expect(matchesPattern('*.example.com', 'notexample.com')).toBe(false);
    expect(matchesPattern('example.com', 'a.example.com')).toBe(false);
    expect(matchesPattern('https://example.com', 'https://example.com')).toBe(true);
    expect(matchesPattern('https://example.com', 'http://example.com')).toBe(false);
  });

  it('matches ports when the pattern names one, and every port when it does not', () => {
    expect(matchesPattern('localhost:8080', 'http://localhost:8080')).toBe(true);
    expect(matchesPattern('localhost:8080', 'http://localhost:9090')).toBe(false);
    expect(matchesPattern('localhost', 'http://localhost:9090')).toBe(true);
    expect(matchesPattern('localhost:*', 'http://localhost:9090')).toBe(true);
    expect(matchesPattern('example.com:443', 'https://example.com')).toBe(true); // the scheme's default port
    expect(matchesPattern('example.com:443', 'http://example.com')).toBe(false);
    expect(matchesPattern('*.example.com:8443', 'https://api.example.com:8443/x')).toBe(true);
    expect(matchesPattern('*.example.com:8443', 'https://api.example.com/x')).toBe(false);
    expect(matchesPattern('shop.test:3000', 'shop.test:3000')).toBe(true); // a bare host with a port
    expect(matchesPattern('shop.test:3000', 'shop.test')).toBe(false);
  });

  it('matches IP hosts, v4 and v6, with and without ports', () => {
    expect(matchesPattern('127.0.0.1', 'http://127.0.0.1:5173')).toBe(true);
    expect(matchesPattern('127.0.0.1:5173', 'http://127.0.0.1:5173')).toBe(true);
    expect(matchesPattern('127.0.0.1:5173', 'http://127.0.0.1:5174')).toBe(false);
    expect(matchesPattern('127.0.0.1', 'http://127.0.0.10')).toBe(false);
    expect(matchesPattern('10.0.0.*', 'http://10.0.0.7')).toBe(true);
    expect(matchesPattern('[::1]:3000', 'http://[::1]:3000/')).toBe(true);
    expect(matchesPattern('[::1]', 'http://[::1]:3000/')).toBe(true);
    expect(matchesPattern('::1', 'http://[::1]:3000/')).toBe(true);
    expect(matchesPattern('[::1]:3000', 'http://[::1]:4000/')).toBe(false);
  });

  it('matches a rule against the origin a page tool reports', () => {
    expect(matchesRule('click(127.0.0.1:8080)', 'click', 'http://127.0.0.1:8080')).toBe(true);
    expect(matchesRule('click(127.0.0.1:8080)', 'click', 'http://127.0.0.1:8081')).toBe(false);
  });

  it('never matches a pattern rule for a call without a subject', () => {
    expect(matchesRule('act(*)', 'act', undefined)).toBe(false);
    expect(matchesRule('act', 'act', undefined)).toBe(true);
    expect(matchesRule('act', 'other', 'x.com')).toBe(false);
  });
});

describe('createCanUseTool', () => {
  const canUseTool = createCanUseTool();

  it('runs read-only calls in ask mode without asking', async () => {
    const { context, asked } = setup({}, { choice: 'deny' });
    expect(await canUseTool(readPage, { url: SHOP, danger: false }, context, 't1')).toMatchObject({ behavior: 'allow', reason: { type: 'mode', mode: 'ask' } });
    expect(asked).toEqual([]);
  });

  it('asks the person in ask mode, with the site, description and why', async () => {
    const { context, asked } = setup({}, { choice: 'allow_once' });
    const decision = await canUseTool(act, { url: SHOP, danger: false }, context, 't1');
    // The site it was allowed on goes with the decision (the activity log records it).
    expect(decision).toEqual({ behavior: 'allow', reason: { type: 'person', choice: 'allow_once' }, subject: SHOP });
    expect(asked).toEqual([
      expect.objectContaining({
        toolUseId: 't1',
        toolName: 'act',
        description: `Act on ${SHOP}`,
        site: SHOP,
        destructive: false,
        why: expect.objectContaining({ type: 'mode' }),
      }),
    ]);
  });

  it('denies with no_ui and a suggestion when there is nobody to ask', async () => {
    const { context } = setup();
    const decision = await canUseTool(act, { url: SHOP, danger: false }, context, 't1');
    expect(decision.behavior).toBe('deny');
    expect(decision.reason.type).toBe('no_ui');
    expect(decision.behavior === 'deny' && decision.suggestion).toContain('side panel');
  });

  it('passes the person a decline with their reason', async () => {
    const { context } = setup({}, { choice: 'deny', reason: 'not that cart' });
    const decision = await canUseTool(act, { url: SHOP, danger: false }, context, 't1');
    expect(decision).toMatchObject({ behavior: 'deny', reason: { type: 'person', choice: 'deny', reason: 'not that cart' } });
    expect(decision.behavior === 'deny' && decision.message).toContain('not that cart');
  });

  it('evaluates deny before ask before allow', async () => {
    const rules = { deny: ['act(*.bank.com)'], ask: ['act(*.shop.example.com)'], allow: ['act'] };
    const { context, asked } = setup({ rules }, { choice: 'allow_once' });
    expect(await canUseTool(act, { url: 'https://www.bank.com/', danger: false }, context, 't')).toMatchObject({
      behavior: 'deny',
      reason: { type: 'rule', rule: 'act(*.bank.com)' },
    });
    expect(await canUseTool(act, { url: SHOP, danger: false }, context, 't')).toMatchObject({ behavior: 'allow', reason: { type: 'person' } });
    expect(asked[0]?.why).toEqual({ type: 'rule', rule: 'act(*.shop.example.com)', behavior: 'ask' });
    expect(await canUseTool(act, { url: 'https://other.org/', danger: false }, context, 't')).toMatchObject({
      behavior: 'allow',
      reason: { type: 'rule', rule: 'act' },
    });
  });

  it('lets a deny rule win over an ask rule that also matches, and reports the first matching rule', async () => {
    const rules = { deny: ['read_page(*.other.org)', 'act(*.bank.com)', 'act'], ask: ['act'], allow: ['act'] };
    const { context, asked } = setup({ rules }, { choice: 'allow_once' });
    expect(await canUseTool(act, { url: 'https://www.bank.com/', danger: false }, context, 't')).toMatchObject({
      behavior: 'deny',
      reason: { type: 'rule', rule: 'act(*.bank.com)' },
    });
    expect(asked).toEqual([]);
  });

  it('lets an ask rule win over an allow rule that also matches', async () => {
    const { context, asked } = setup({ rules: { deny: [], ask: ['act(*.example.com)'], allow: ['act(shop.example.com)'] } }, { choice: 'allow_once' });
    expect(await canUseTool(act, { url: SHOP, danger: false }, context, 't')).toMatchObject({ behavior: 'allow', reason: { type: 'person' } });
    expect(asked).toHaveLength(1);
  });

  it('asks before destructive calls even in auto mode and with a site grant', async () => {
    const grant = { origin: 'https://shop.example.com', tool: 'act' };
    const { context, asked } = setup({ mode: 'auto', grants: [grant] }, { choice: 'allow_once' });
    await canUseTool(act, { url: SHOP, danger: true }, context, 't');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ destructive: true, why: { type: 'destructive' } });
  });

  it('lets an allow rule naming the tool skip the prompt for destructive calls', async () => {
    const { context, asked } = setup({ rules: { allow: ['act(*.example.com)'], deny: [], ask: [] } }, { choice: 'deny' });
    expect(await canUseTool(act, { url: SHOP, danger: true }, context, 't')).toMatchObject({ behavior: 'allow', reason: { type: 'rule' } });
    expect(asked).toEqual([]);
  });

  it('does not let a wildcard allow rule skip the prompt for destructive calls', async () => {
    const { context, asked } = setup({ rules: { allow: ['a*'], deny: [], ask: [] } }, { choice: 'allow_once' });
    expect(await canUseTool(act, { url: SHOP, danger: false }, context, 't')).toMatchObject({ reason: { type: 'rule', rule: 'a*' } });
    await canUseTool(act, { url: SHOP, danger: true }, context, 't');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.why.type).toBe('destructive');
  });

  it('runs non-destructive calls in auto mode', async () => {
    const { context } = setup({ mode: 'auto' });
    expect(await canUseTool(act, { url: SHOP, danger: false }, context, 't')).toMatchObject({ behavior: 'allow', reason: { type: 'mode', mode: 'auto' } });
  });

  it('in read-only mode refuses anything not read-only, even with an allow rule', async () => {
    const { context } = setup({ mode: 'read-only', rules: { allow: ['act'], deny: [], ask: [] } }, { choice: 'allow_once' });
    expect(await canUseTool(act, { url: SHOP, danger: false }, context, 't')).toMatchObject({ behavior: 'deny', reason: { type: 'mode', mode: 'read-only' } });
    expect(await canUseTool(readPage, { url: SHOP, danger: false }, context, 't')).toMatchObject({ behavior: 'allow' });
  });

  it('honours site grants per origin, from the run and from storage', async () => {
    const fromRun = setup({}, undefined, [{ origin: 'https://shop.example.com', tool: 'act' }]);
    expect(await canUseTool(act, { url: SHOP, danger: false }, fromRun.context, 't')).toEqual({
      behavior: 'allow',
      reason: { type: 'grant', origin: 'https://shop.example.com', scope: 'always' },
      subject: SHOP,
    });
    expect((await canUseTool(act, { url: 'https://example.com/', danger: false }, fromRun.context, 't')).behavior).toBe('deny');
    expect((await canUseTool(act, { url: 'http://shop.example.com/', danger: false }, fromRun.context, 't')).behavior).toBe('deny');
    const stored = setup({ grants: [{ origin: 'https://shop.example.com', tool: 'act' }] });
    expect((await canUseTool(act, { url: SHOP, danger: false }, stored.context, 't')).behavior).toBe('allow');
    const otherTool = setup({ grants: [{ origin: 'https://shop.example.com', tool: 'read_page' }] });
    expect((await canUseTool(act, { url: SHOP, danger: false }, otherTool.context, 't')).behavior).toBe('deny');
  });

  it('keeps grants to their origin: another port or scheme of the same host is not covered', async () => {
    const local = setup({ grants: [{ origin: 'http://127.0.0.1:8080', tool: 'act' }] });
    expect(await canUseTool(act, { url: 'http://127.0.0.1:8080/form', danger: false }, local.context, 't')).toMatchObject({
      behavior: 'allow',
      reason: { type: 'grant' },
    });
    expect((await canUseTool(act, { url: 'http://127.0.0.1:9090/form', danger: false }, local.context, 't')).behavior).toBe('deny');
    expect((await canUseTool(act, { url: 'https://127.0.0.1:8080/form', danger: false }, local.context, 't')).behavior).toBe('deny');
    const spelledOut = setup({ grants: [{ origin: 'https://Shop.Example.com:443/', tool: 'act' }] });
    expect(await canUseTool(act, { url: SHOP, danger: false }, spelledOut.context, 't')).toMatchObject({ behavior: 'allow', reason: { type: 'grant' } });
  });

  it('on "always allow" stores the grant for the origin and reports it', async () => {
    const granted: SiteGrant[] = [];
    const withGrant = createCanUseTool({ onGrant: (grant) => void granted.push(grant) });
    const { context, asked } = setup({}, { choice: 'allow_always' });
    await withGrant(act, { url: SHOP, danger: false }, context, 't1');
    expect(granted).toEqual([{ origin: 'https://shop.example.com', tool: 'act' }]);
    expect(context.getAppState().grants).toEqual(granted);
    expect(await withGrant(act, { url: 'https://shop.example.com/other', danger: false }, context, 't2')).toMatchObject({ reason: { type: 'grant' } });
    expect(asked).toHaveLength(1);
  });

  it("respects the tool's own opinion: deny is final, ask forces a prompt, allow skips the mode", async () => {
    const input = { url: SHOP, danger: false };
    const { context, asked } = setup({ mode: 'auto' }, { choice: 'allow_once' });
    expect(await canUseTool(withOwn({ behavior: 'deny', message: 'Never here.', suggestion: 'Go elsewhere.' }), input, context, 't')).toMatchObject({
      behavior: 'deny',
      message: 'Never here.',
      reason: { type: 'tool' },
    });
    await canUseTool(withOwn({ behavior: 'ask', reason: 'sends a message' }), input, context, 't');
    expect(asked[0]?.why).toEqual({ type: 'tool', detail: 'sends a message' });
    const askMode = setup();
    expect(await canUseTool(withOwn({ behavior: 'allow', reason: 'harmless' }), input, askMode.context, 't')).toEqual({
      behavior: 'allow',
      reason: { type: 'tool', detail: 'harmless' },
    });
  });

  it('hands the prompt the run signal so a stop can close it', async () => {
    let seen: AbortSignal | undefined;
    const context = createTestContext([act], {
      askPerson: async (_request, signal) => {
        seen = signal;
        return { choice: 'allow_once' };
      },
    });
    await canUseTool(act, { url: SHOP, danger: false }, context, 't');
    expect(seen).toBe(context.abortController.signal);
  });
});

describe('external tools', () => {
  it("never trusts an external tool's own allow (its read-only hint: src/runtime/permissions.external.test.ts)", async () => {
    const external = buildTool({
      name: 'mcp__s__read',
      isExternal: true,
      inputSchema: siteInput,
      prompt: 'p',
      checkPermissions: async () => ({ behavior: 'allow', reason: 'trust me' }),
      call: async () => ({ data: 1 }),
    });
    const { context, asked } = setup({}, { choice: 'allow_once' });
    expect(await createCanUseTool()(external, { url: SHOP, danger: false }, context, 't')).toMatchObject({ reason: { type: 'person' } });
    expect(asked).toHaveLength(1);
    const readOnlyMode = setup({ mode: 'read-only' });
    expect((await createCanUseTool()(external, { url: SHOP, danger: false }, readOnlyMode.context, 't')).behavior).toBe('deny');
  });
});
