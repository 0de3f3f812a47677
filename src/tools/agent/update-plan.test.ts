import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { normalizePlan, normalizePlanSite, updatePlan } from './update-plan.js';

describe('update_plan', () => {
  it('normalises sites to origins: a bare host gets https://, a path is dropped, duplicates go', () => {
    expect(normalizePlanSite('shop.example')).toBe('https://shop.example');
    expect(normalizePlanSite(' https://Shop.Example/cart?x=1 ')).toBe('https://shop.example');
    expect(normalizePlanSite('localhost:4100')).toBe('https://localhost:4100');
    expect(normalizePlanSite('http://127.0.0.1:8080/app')).toBe('http://127.0.0.1:8080');
    expect(normalizePlan({ steps: ['a'], sites: ['shop.example', 'https://shop.example/x'] }).sites).toEqual(['https://shop.example']);
  });

  it('refuses a site that is not http(s) with INVALID_SITE and a suggestion', async () => {
    for (const site of ['ftp://files.example', 'javascript:alert(1)', 'file:///etc/passwd', 'chrome://settings', 'http://']) {
      expect(() => normalizePlanSite(site)).toThrow(expect.objectContaining({ code: 'INVALID_SITE' }));
    }
    const context = createTestContext([updatePlan], { permissions: { mode: 'plan', rules: { allow: [], deny: [], ask: [] }, grants: [] } });
    const result = await updatePlan.validateInput({ steps: ['x'], sites: ['ftp://files.example'] }, context);
    expect(result).toMatchObject({ ok: false, code: 'INVALID_SITE', suggestion: expect.stringContaining('https://') });
  });

  it('asks with the plan in plan mode, and not again for the plan already approved', async () => {
    const plan = { steps: ['Add milk'], sites: ['https://shop.example'] };
    const context = createTestContext([updatePlan], { permissions: { mode: 'plan', rules: { allow: [], deny: [], ask: [] }, grants: [] } });
    expect(await updatePlan.checkPermissions(plan, context)).toMatchObject({ behavior: 'ask', plan });
    context.setAppState((prior) => ({ ...prior, plan }));
    expect(await updatePlan.checkPermissions(plan, context)).toMatchObject({ behavior: 'allow' });
  });

  it('tells the model what the approval covers and what still asks', async () => {
    const plan = { steps: ['Add milk'], sites: ['https://shop.example'] };
    const context = createTestContext([updatePlan], { permissions: { mode: 'plan', rules: { allow: [], deny: [], ask: [] }, grants: [] } });
    const result = await updatePlan.call(
      plan,
      context,
      async () => ({ behavior: 'allow', reason: { type: 'tool', detail: '' } }),
      undefined,
      () => {},
    );
    const [block] = updatePlan.mapResultForModel(result.data, 't');
    expect(block).toMatchObject({ type: 'text', text: expect.stringContaining('https://shop.example') });
    expect(block?.type === 'text' && block.text).toMatch(/destructive.*another.*not in the plan/s);
    expect(context.state().plan).toEqual(plan);
  });
});
