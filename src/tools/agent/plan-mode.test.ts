import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allowedByText } from '../../shared/activity.js';
import type { PermissionContext, PermissionRequest, PersonChoice, Plan } from '../../runtime/permission-types.js';
import { createCanUseTool } from '../../runtime/permissions.js';
import { planCoversSite } from '../../runtime/plan-mode.js';
import { buildTool, type ToolPermissionResult } from '../../runtime/tool.js';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { updatePlan } from './update-plan.js';

const siteInput = z.object({
  url: z.string().describe('Where'),
  danger: z.boolean().default(false).describe('Destructive?'),
  landing: z.string().optional().describe('Where it lands'),
  leaks: z.boolean().default(false).describe('Carries read data elsewhere?'),
});
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
  checkPermissions: async (i): Promise<ToolPermissionResult> => ({
    behavior: 'passthrough',
    effect: {
      summary: 'acts',
      ...(i.landing ? { landing: i.landing } : {}),
      ...(i.leaks ? { dataFlows: [{ from: 'https://bank.example', to: i.url, text: 'RC-4821-7730' }] } : {}),
    },
  }),
  call: async () => ({ data: 1 }),
});
const hover = buildTool({
  name: 'hover',
  inputSchema: siteInput,
  prompt: 'p',
  permissionSubject: (i) => i.url,
  checkPermissions: async () => ({ behavior: 'allow', reason: 'presses nothing' }),
  call: async () => ({ data: 1 }),
});

const SHOP = 'https://shop.example';
const PLAN: Plan = { steps: ['Add milk to the cart'], sites: [SHOP] };

function setup(options: { permissions?: Partial<PermissionContext>; plan?: Plan; answer?: PersonChoice } = {}) {
  const asked: PermissionRequest[] = [];
  const context = createTestContext([readPage, act, hover, updatePlan], {
    permissions: { mode: 'plan', rules: { allow: [], deny: [], ask: [] }, grants: [], ...options.permissions },
    appState: { discoveredTools: [], grants: [], ...(options.plan ? { plan: options.plan } : {}) },
    askPerson: async (request: PermissionRequest) => {
      asked.push(request);
      return options.answer ?? { choice: 'allow_once' };
    },
  });
  return { context, asked, canUse: createCanUseTool() };
}

describe('plan mode', () => {
  it('refuses an act before a plan with PLAN_REQUIRED and a suggestion to call update_plan, asking no one', async () => {
    const { context, asked, canUse } = setup();
    const decision = await canUse(act, { url: `${SHOP}/cart`, danger: false, leaks: false }, context, 't1');
    expect(decision).toMatchObject({ behavior: 'deny', code: 'PLAN_REQUIRED', reason: { type: 'plan' } });
    expect(decision.behavior === 'deny' && decision.suggestion).toContain('update_plan');
    expect(asked).toEqual([]);
  });

  it('lets reads, and what runs unasked in ask mode (hover), run without a plan', async () => {
    const { context, asked, canUse } = setup();
    expect(await canUse(readPage, { url: SHOP, danger: false, leaks: false }, context, 'r')).toMatchObject({ behavior: 'allow' });
    expect(await canUse(hover, { url: SHOP, danger: false, leaks: false }, context, 'h')).toMatchObject({ behavior: 'allow' });
    expect(asked).toEqual([]);
  });

  it('shows update_plan as a plan card (normalised sites), and its approval becomes the scope', async () => {
    const { context, asked, canUse } = setup();
    const input = { steps: ['Add milk to the cart'], sites: ['shop.example'] };
    const decision = await canUse(updatePlan, input, context, 'p1');
    expect(decision.behavior).toBe('allow');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ plan: PLAN, why: { type: 'plan' }, choices: ['allow_once', 'deny'] });
    await updatePlan.call(input, context, canUse, undefined, () => {});
    expect(context.state().plan).toEqual(PLAN);
  });

  it('runs acts on an approved site unasked, recorded as allowed by plan', async () => {
    const { context, asked, canUse } = setup({ plan: PLAN });
    for (const path of ['/a', '/b', '/c']) {
      const decision = await canUse(act, { url: `${SHOP}${path}`, danger: false, leaks: false }, context, path);
      expect(decision).toMatchObject({ behavior: 'allow', reason: { type: 'plan' } });
      expect(decision.behavior === 'allow' && allowedByText(decision.reason).allowedBy).toMatch(/^plan/);
    }
    // www. is the same site to a person.
    expect(planCoversSite(PLAN, 'https://www.shop.example/x')).toBe(true);
    expect(planCoversSite(PLAN, 'http://shop.example')).toBe(false);
    expect(asked).toEqual([]);
  });

  it('still asks for a destructive act, data leaving for another site, a site not in the plan and a landing outside it', async () => {
    const { context, asked, canUse } = setup({ plan: PLAN });
    await canUse(act, { url: SHOP, danger: true, leaks: false }, context, 'd');
    await canUse(act, { url: SHOP, danger: false, leaks: true }, context, 'f');
    await canUse(act, { url: 'https://other.example', danger: false, leaks: false }, context, 'o');
    await canUse(act, { url: SHOP, danger: false, leaks: false, landing: 'https://other.example/x' }, context, 'l');
    expect(asked.map((request) => request.why.type)).toEqual(['destructive', 'data_flow', 'plan', 'plan']);
    expect(asked.slice(0, 2).every((request) => request.destructive)).toBe(true);
    expect(asked[2]?.why).toMatchObject({ detail: expect.stringContaining('https://other.example') });
  });

  it('still asks for what an ask rule names, and a deny rule still denies', async () => {
    const { context, asked, canUse } = setup({ plan: PLAN, permissions: { rules: { allow: [], deny: ['act(*.shop.example)'], ask: ['act'] } } });
    expect(await canUse(act, { url: SHOP, danger: false, leaks: false }, context, 'x')).toMatchObject({ behavior: 'deny', reason: { type: 'rule' } });
    const { context: other, asked: otherAsked, canUse: canUseOther } = setup({ plan: PLAN, permissions: { rules: { allow: [], deny: [], ask: ['act'] } } });
    await canUseOther(act, { url: SHOP, danger: false, leaks: false }, other, 'y');
    expect(otherAsked.map((request) => request.why)).toEqual([{ type: 'rule', rule: 'act', behavior: 'ask' }]);
    expect(asked).toEqual([]);
  });

  it('replaces the scope only when a new plan is approved; a denied plan returns the reason and keeps the old scope', async () => {
    const denied = setup({ plan: PLAN, answer: { choice: 'deny', reason: 'Not the bank, please' } });
    const next = { steps: ['Pay the bill'], sites: ['https://bank.example'] };
    const decision = await denied.canUse(updatePlan, next, denied.context, 'p2');
    expect(decision).toMatchObject({ behavior: 'deny', message: expect.stringContaining('Not the bank, please') });
    expect(denied.context.state().plan).toEqual(PLAN);

    const approved = setup({ plan: PLAN });
    expect(await approved.canUse(updatePlan, next, approved.context, 'p3')).toMatchObject({ behavior: 'allow' });
    await updatePlan.call(next, approved.context, approved.canUse, undefined, () => {});
    // The old site is no longer in the scope: it asks (and this person says yes once).
    expect(await approved.canUse(act, { url: `${SHOP}/a`, danger: false, leaks: false }, approved.context, 'a')).toMatchObject({ reason: { type: 'person' } });
    expect(await approved.canUse(act, { url: 'https://bank.example/pay', danger: false, leaks: false }, approved.context, 'b')).toMatchObject({
      reason: { type: 'plan' },
    });
    expect(approved.asked.map((request) => request.why)).toEqual([
      { type: 'plan', detail: expect.any(String) },
      expect.objectContaining({ type: 'plan', detail: expect.stringContaining('not a site') }),
    ]);
  });

  it('is a no-op outside plan mode: the plan is noted, acts ask as ask mode says', async () => {
    const { context, asked, canUse } = setup({ permissions: { mode: 'ask' } });
    const input = { steps: ['Do it'], sites: [SHOP] };
    expect(await canUse(updatePlan, input, context, 'p')).toMatchObject({ behavior: 'allow' });
    const result = await updatePlan.call(input, context, canUse, undefined, () => {});
    expect(result.data.approved).toBe(false);
    expect(context.state().plan).toBeUndefined();
    await canUse(act, { url: SHOP, danger: false, leaks: false }, context, 'a');
    expect(asked.map((request) => request.why.type)).toEqual(['mode']);
  });
});
