/** The executor's trust duties: what a call read goes into the ledger with its origin; a call runs held to its landing. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FakeBrowser } from '../../tests/support/fake-browser.js';
import { createTestContext } from '../../tests/support/tool-context.js';
import type { LandingGuard } from './browser.js';
import { executeToolCall } from './execute.js';
import { createCanUseTool } from './permissions.js';
import { buildTool } from './tool.js';

const empty = z.object({});
const readsBank = buildTool({
  name: 'get_page_text',
  inputSchema: empty,
  prompt: 'p',
  outputIsUntrusted: true,
  isReadOnly: () => true,
  permissionSubject: () => 'https://bank.test/statement',
  call: async () => ({ data: 'Your code is 482913.' }),
});
const note = buildTool({
  name: 'memory_read',
  inputSchema: empty,
  prompt: 'p',
  outputIsUntrusted: true,
  isReadOnly: () => true,
  call: async () => ({ data: 'note: passport X1234567' }),
});
const own = buildTool({ name: 'memory_write', inputSchema: empty, prompt: 'p', call: async () => ({ data: 'Saved 123456789.' }) });

function guardedBrowser(blockedDuringCall: string[]) {
  const log: string[] = [];
  let blocked: string[] = [];
  const browser = Object.assign(new FakeBrowser(), {
    guardLanding: async (tabId: number, allowed: readonly string[]): Promise<LandingGuard> => {
      log.push(`guard ${tabId} ${allowed.join(' ')}`);
      return { blocked: () => blocked, release: async () => void log.push('release') };
    },
  });
  const click = buildTool({
    name: 'click',
    inputSchema: empty,
    prompt: 'p',
    checkPermissions: async () => ({ behavior: 'passthrough', guard: { tabId: 1, allowed: ['https://shop.test/'] } }),
    call: async () => {
      log.push('call');
      blocked = blockedDuringCall;
      return { data: 'Clicked.' };
    },
  });
  return { browser, click, log };
}

describe('the ledger is filled by the executor', () => {
  it('records untrusted results under their site (or their tool when they have none), and nothing from trusted tools', async () => {
    const context = createTestContext([readsBank, note, own], { permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] } });
    for (const [id, name] of [
      ['t1', 'get_page_text'],
      ['t2', 'memory_read'],
      ['t3', 'memory_write'],
    ]) {
      await executeToolCall({ type: 'tool_use', id: id as string, name: name as string, input: {} }, context, { canUseTool: createCanUseTool() });
    }
    expect(context.ledger.sources()).toEqual({ t1: 'https://bank.test', t2: 'tool:memory_read' });
    expect(context.ledger.carriedTo('482913', 'https://evil.test')).toEqual([{ from: 'https://bank.test', text: '482913' }]);
    expect(context.ledger.carriedTo('X1234567', 'https://bank.test')).toEqual([{ from: 'tool:memory_read', text: 'x1234567' }]);
    expect(context.ledger.carriedTo('123456789', 'https://evil.test')).toEqual([]);
  });
});

describe('reads attributed to the frame they came from', () => {
  const framed = buildTool({
    name: 'read_page',
    inputSchema: empty,
    prompt: 'p',
    outputIsUntrusted: true,
    isReadOnly: () => true,
    permissionSubject: () => 'https://mail.test/inbox',
    call: async () => ({
      data: 'Page: Mail\n- heading "Inbox"\n- iframe "Bank":\n  - text: Code 482913',
      reads: [
        { origin: 'https://mail.test', text: 'Page: Mail\n- heading "Inbox"\n- iframe "Bank":' },
        { origin: 'https://bank.test', text: '- text: Code 482913' },
      ],
    }),
  });
  const shot = buildTool({
    name: 'screenshot',
    inputSchema: empty,
    prompt: 'p',
    outputIsUntrusted: true,
    isReadOnly: () => true,
    permissionSubject: () => 'https://mail.test/inbox',
    call: async () => ({ data: 'Screenshot', images: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AA==' } }] }),
  });

  it('files a framed site’s lines under that site, not the page that frames it', async () => {
    const context = createTestContext([framed], { permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] } });
    await executeToolCall({ type: 'tool_use', id: 't1', name: 'read_page', input: {} }, context, { canUseTool: createCanUseTool() });
    expect(context.ledger.carriedTo('482913', 'https://mail.test')).toEqual([{ from: 'https://bank.test', text: '482913' }]);
    expect(context.ledger.carriedTo('"inbox"', 'https://mail.test')).toEqual([]);
  });

  it('an image the tool gave no origin for is an image of the call’s site', async () => {
    const context = createTestContext([shot], { permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] } });
    await executeToolCall({ type: 'tool_use', id: 't1', name: 'screenshot', input: {} }, context, { canUseTool: createCanUseTool() });
    expect(context.ledger.carriedTo('hello there', 'https://evil.test')).toEqual([{ from: 'https://mail.test', text: 'hello there', seen: 'screenshot' }]);
    expect(context.ledger.carriedTo('hello there', 'https://mail.test')).toEqual([]);
  });
});

describe('the landing guard around a call', () => {
  it('holds the tab while the call runs and releases it after', async () => {
    const { browser, click, log } = guardedBrowser([]);
    const context = createTestContext([click], { browser, permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] } });
    const outcome = await executeToolCall({ type: 'tool_use', id: 't1', name: 'click', input: {} }, context, { canUseTool: createCanUseTool() });
    expect(outcome.status).toBe('done');
    expect(log).toEqual(['guard 1 https://shop.test/', 'call', 'release']);
  });

  it('a landing it stopped makes the call LANDING_BLOCKED, whatever the tool reported', async () => {
    const { browser, click } = guardedBrowser(['https://evil.test/steal?d=482913']);
    const context = createTestContext([click], { browser, permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] } });
    const outcome = await executeToolCall({ type: 'tool_use', id: 't1', name: 'click', input: {} }, context, { canUseTool: createCanUseTool() });
    expect(outcome.status).toBe('error');
    expect(outcome.error).toMatchObject({ code: 'LANDING_BLOCKED', blocked: ['https://evil.test/steal?d=482913'] });
    expect(outcome.error?.message).toContain('evil.test');
    expect(outcome.error?.suggestion).toMatch(/navigate/);
  });

  it('a guard the browser could not set stops the call before it runs (fails closed)', async () => {
    const { browser, click, log } = guardedBrowser([]);
    browser.guardLanding = async () => {
      throw new Error('Rule with id 1 specifies an incorrect value for the "urlFilter" key.');
    };
    const context = createTestContext([click], { browser, permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] } });
    const outcome = await executeToolCall({ type: 'tool_use', id: 't1', name: 'click', input: {} }, context, { canUseTool: createCanUseTool() });
    expect(outcome.status).toBe('error');
    expect(outcome.error).toMatchObject({ code: 'LANDING_GUARD_FAILED' });
    expect(outcome.error?.message).toContain('urlFilter');
    expect(log).not.toContain('call');
  });
});
