/**
 * The permission steps that follow the data and the effect: data leaving its site asks in every mode
 * and past every rule and grant; a call spanning sites asks; a tool's destructive ask is "once" only;
 * "Allow for this task" lasts the run (a tool on a site, or a flow from one site to another).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext } from '../../tests/support/tool-context.js';
import { MAX_FLOWS_SHOWN, type CallEffect, type PermissionContext, type PermissionRequest, type PersonChoice } from './permission-types.js';
import { approvalCovers, createCanUseTool } from './permissions.js';
import { buildTool, type ToolPermissionResult } from './tool.js';

const input = z.object({ url: z.string().describe('Where') });
const LEAK: CallEffect = { summary: 'types the code', dataFlows: [{ from: 'https://bank.test', to: 'https://evil.test', text: '482913' }] };
const toolWith = (name: string, own: ToolPermissionResult) =>
  buildTool({
    name,
    inputSchema: input,
    prompt: 'p',
    description: (i) => `${name} on ${i.url}`,
    permissionSubject: (i) => i.url,
    checkPermissions: async () => own,
    call: async () => ({ data: 1 }),
  });

function setup(mode: PermissionContext['mode'], answers: PersonChoice[] = [], rules: Partial<PermissionContext['rules']> = {}) {
  const asked: PermissionRequest[] = [];
  const context = createTestContext([], {
    permissions: { mode, rules: { allow: [], deny: [], ask: [], ...rules }, grants: [{ origin: 'https://evil.test', tool: 'type' }] },
    askPerson: async (request) => {
      asked.push(request);
      return answers.shift() ?? { choice: 'deny' };
    },
  });
  return { context, asked, canUseTool: createCanUseTool() };
}

describe('data leaving its site', () => {
  const type = toolWith('type', { behavior: 'passthrough', effect: LEAK });
  it('asks in auto mode, past an allow rule naming the tool and a stored grant, and shows the data', async () => {
    const { context, asked, canUseTool } = setup('auto', [], { allow: ['type'] });
    expect(await canUseTool(type, { url: 'https://evil.test/' }, context, 't1')).toMatchObject({
      behavior: 'deny',
      reason: { type: 'person', choice: 'deny' },
    });
    expect(asked[0]).toMatchObject({
      why: { type: 'data_flow', detail: 'it would carry text read on https://bank.test to https://evil.test' },
      destructive: true,
      choices: ['allow_once', 'allow_task', 'deny'],
      effect: LEAK,
    });
  });

  it('"Allow for this task" approves that flow for the run; once approves this call only', async () => {
    const once = setup('auto', [{ choice: 'allow_once' }]);
    expect(await once.canUseTool(type, { url: 'https://evil.test/' }, once.context, 't1')).toMatchObject({
      behavior: 'allow',
      reason: { type: 'person', choice: 'allow_once' },
    });
    await once.canUseTool(type, { url: 'https://evil.test/' }, once.context, 't2');
    expect(once.asked).toHaveLength(2);

    const task = setup('auto', [{ choice: 'allow_task' }]);
    await task.canUseTool(type, { url: 'https://evil.test/' }, task.context, 't1');
    expect(task.context.getAppState().approvedFlows).toEqual([{ from: 'https://bank.test', to: 'https://evil.test', text: '482913' }]);
    expect(await task.canUseTool(type, { url: 'https://evil.test/' }, task.context, 't2')).toMatchObject({
      behavior: 'allow',
      reason: { type: 'mode', mode: 'auto' },
    });
    expect(task.asked).toHaveLength(1);
    // Another source is another flow.
    const other = toolWith('type', { behavior: 'passthrough', effect: { dataFlows: [{ from: 'https://mail.test', to: 'https://evil.test', text: 'x' }] } });
    await task.canUseTool(other, { url: 'https://evil.test/' }, task.context, 't3');
    expect(task.asked).toHaveLength(2);
  });

  it('"Allow for this task" covers exactly the data shown, to that site: a code does not follow an approved title', async () => {
    const flowOf = (text: string, to = 'https://shop.test') =>
      toolWith('type', { behavior: 'passthrough', effect: { dataFlows: [{ from: 'https://mail.test', to, text }] } });
    const { context, asked, canUseTool } = setup('auto', [{ choice: 'allow_task' }, { choice: 'deny' }, { choice: 'deny' }]);
    const title = 'inbox (3) — ada lovelace — example mail';
    await canUseTool(flowOf(title), { url: 'https://shop.test/' }, context, 't1');
    // The same data, or a part of what was shown, goes without asking again…
    expect(await canUseTool(flowOf(title), { url: 'https://shop.test/' }, context, 't2')).toMatchObject({ behavior: 'allow' });
    expect(await canUseTool(flowOf('ada lovelace'), { url: 'https://shop.test/' }, context, 't3')).toMatchObject({ behavior: 'allow' });
    expect(asked).toHaveLength(1);
    // …other data between the same two sites asks, and so does the same data to another site.
    expect(await canUseTool(flowOf('482913'), { url: 'https://shop.test/' }, context, 't4')).toMatchObject({ behavior: 'deny' });
    expect(await canUseTool(flowOf(title, 'https://evil.test'), { url: 'https://evil.test/' }, context, 't5')).toMatchObject({ behavior: 'deny' });
    expect(asked.map((request) => request.effect?.dataFlows?.[0]?.text)).toEqual([title, '482913', title]);
  });

  it('"Allow for this task" covers only the flows the prompt listed, not those past the ones it shows', async () => {
    const codes = Array.from({ length: MAX_FLOWS_SHOWN + 2 }, (_, i) => `code ${1000 + i}`);
    const flows = (texts: string[]) =>
      toolWith('type', { behavior: 'passthrough', effect: { dataFlows: texts.map((text) => ({ from: 'https://mail.test', to: 'https://shop.test', text })) } });
    const { context, asked, canUseTool } = setup('auto', [{ choice: 'allow_task' }, { choice: 'deny' }]);
    await canUseTool(flows(codes), { url: 'https://shop.test/' }, context, 't1');
    expect(await canUseTool(flows(codes.slice(0, MAX_FLOWS_SHOWN)), { url: 'https://shop.test/' }, context, 't2')).toMatchObject({ behavior: 'allow' });
    expect(await canUseTool(flows(codes.slice(MAX_FLOWS_SHOWN)), { url: 'https://shop.test/' }, context, 't3')).toMatchObject({ behavior: 'deny' });
    expect(asked).toHaveLength(2);
  });

  it('a flow seen in a screenshot says so in why it asks', async () => {
    const seen = toolWith('type', {
      behavior: 'passthrough',
      effect: { dataFlows: [{ from: 'https://bank.test', to: 'https://evil.test', text: '4821', seen: 'screenshot' }] },
    });
    const { context, asked, canUseTool } = setup('auto');
    await canUseTool(seen, { url: 'https://evil.test/' }, context, 't1');
    expect(asked[0]?.why).toEqual({ type: 'data_flow', detail: 'it would carry what a screenshot of https://bank.test showed to https://evil.test' });
  });

  it('a text shown cut short covers only the part shown; an approval kept without its data covers nothing', () => {
    const flow = { from: 'https://mail.test', to: 'https://shop.test', text: 'abcdef…' };
    expect(approvalCovers({ from: 'https://mail.test', to: 'https://shop.test', text: 'xx abcdef…' }, { ...flow, text: 'abcdef' })).toBe(true);
    expect(approvalCovers({ from: 'https://mail.test', to: 'https://shop.test', text: 'xx abcdef…' }, flow)).toBe(false);
    expect(approvalCovers({ from: 'https://mail.test', to: 'https://shop.test' } as never, { ...flow, text: 'abc' })).toBe(false);
  });

  it('a deny rule still wins, and read-only mode still refuses first', async () => {
    const denied = setup('auto', [], { deny: ['type(evil.test)'] });
    expect(await denied.canUseTool(type, { url: 'https://evil.test/' }, denied.context, 't1')).toMatchObject({ behavior: 'deny', reason: { type: 'rule' } });
    expect(denied.asked).toHaveLength(0);
  });
});

describe('calls that span sites, and tools that judge a call destructive', () => {
  it('a call acting on two sites asks in auto mode, "once" only; a deny rule on any of them denies', async () => {
    const fill = toolWith('fill_form', { behavior: 'passthrough', subjects: ['https://bank.test', 'https://ads.test'] });
    const { context, asked, canUseTool } = setup('auto', [{ choice: 'allow_once' }]);
    expect(await canUseTool(fill, { url: 'https://bank.test/' }, context, 't1')).toMatchObject({ behavior: 'allow' });
    expect(asked[0]).toMatchObject({ why: { type: 'mixed_sites' }, choices: ['allow_once', 'deny'] });
    const denied = setup('auto', [], { deny: ['fill_form(bank.test)'] });
    expect(await denied.canUseTool(fill, { url: 'https://ads.test/' }, denied.context, 't1')).toMatchObject({
      behavior: 'deny',
      reason: { type: 'rule', rule: 'fill_form(bank.test)' },
    });
  });

  it('a destructive ask from the tool asks in auto mode, offers no lasting scope, and an unoffered scope counts as once', async () => {
    const enter = toolWith('press_key', {
      behavior: 'ask',
      destructive: true,
      reason: 'submits the form “Delete account”',
      effect: { summary: 'submits the form “Delete account” (POST /account/delete)' },
    });
    const { context, asked, canUseTool } = setup('auto', [{ choice: 'allow_always' }]);
    const decision = await canUseTool(enter, { url: 'https://shop.test/' }, context, 't1');
    expect(decision).toMatchObject({
      behavior: 'allow',
      reason: { type: 'person', choice: 'allow_once' },
      subject: 'https://shop.test/',
      effect: { summary: expect.stringContaining('Delete account') },
    });
    expect(asked[0]).toMatchObject({ why: { type: 'destructive', detail: 'submits the form “Delete account”' }, choices: ['allow_once', 'deny'] });
    expect(context.getAppState().grants).toEqual([]);
  });
});

describe('"Allow for this task"', () => {
  it('lets the same tool on the same site run for the rest of the run in ask mode, and nothing else', async () => {
    const click = toolWith('click', { behavior: 'passthrough', guard: { tabId: 1, allowed: ['https://todo.test/'] } });
    const { context, asked, canUseTool } = setup('ask', [{ choice: 'allow_task' }]);
    expect(await canUseTool(click, { url: 'https://todo.test/' }, context, 't1')).toMatchObject({ behavior: 'allow', guard: { tabId: 1 } });
    expect(asked[0]?.choices).toEqual(['allow_once', 'allow_task', 'allow_always', 'deny']);
    expect(await canUseTool(click, { url: 'https://todo.test/' }, context, 't2')).toMatchObject({
      behavior: 'allow',
      reason: { type: 'grant', scope: 'task', origin: 'https://todo.test' },
    });
    await canUseTool(click, { url: 'https://other.test/' }, context, 't3');
    await canUseTool(toolWith('type', { behavior: 'passthrough' }), { url: 'https://todo.test/' }, context, 't4');
    expect(asked).toHaveLength(3);
    expect(context.getAppState().grants).toEqual([]);
  });
});
