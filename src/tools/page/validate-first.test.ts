/**
 * Validate before ask: select_option and type run the act's own page checks (a select? a field that takes
 * text? shown and enabled?) in validateInput, so a call that would fail one fails at once — the person is
 * never asked about it, and nothing is judged or sent to the page but the check.
 */
import { describe, expect, it } from 'vitest';
import { executeToolCall } from '../../runtime/execute.js';
import { createCanUseTool } from '../../runtime/permissions.js';
import type { PermissionRequest } from '../../runtime/permission-types.js';
import { FakeBrowser, type SentCommand } from '../../../tests/support/fake-browser.js';
import { answerInspect, control, facts } from '../../../tests/support/page-facts.js';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { selectOption } from './select-option.js';
import { typeText } from './type.js';

const PAGE = 'https://shop.test/settings';
const refusal = (code: string) => ({ ok: false, error: { code, message: `refused: ${code}`, suggestion: 'do something else' } });

function setup(precheck: (sent: SentCommand) => unknown) {
  const inspect = answerInspect({
    e1: facts(PAGE, control({ role: 'combobox', name: 'Plan', tag: 'select' })),
    e2: facts(PAGE, control({ role: 'textbox', name: 'Name', editable: 'field' })),
  });
  const browser = new FakeBrowser([{ id: 1, active: true, url: PAGE }], {
    answer: (sent) => (sent.command.type === 'precheck' ? precheck(sent) : inspect(sent)),
  });
  const asked: PermissionRequest[] = [];
  const context = createTestContext([selectOption, typeText], {
    browser,
    askPerson: async (request) => (asked.push(request), { choice: 'deny' }),
  });
  context.snapshots.update(1, PAGE, { e1: { role: 'combobox', name: 'Plan' }, e2: { role: 'textbox', name: 'Name' } });
  const run = (name: string, input: Record<string, unknown>) =>
    executeToolCall({ type: 'tool_use', id: 'c1', name, input }, context, { canUseTool: createCanUseTool() });
  return { run, asked, browser };
}

describe('page checks before the prompt', () => {
  it('select_option on a custom dropdown fails NOT_A_SELECT before anyone is asked; type on a hidden or non-text target the same', async () => {
    const cases: Array<[string, Record<string, unknown>, string, 'select' | 'type']> = [
      ['select_option', { ref: 'e1', values: ['Pro'] }, 'NOT_A_SELECT', 'select'],
      ['select_option', { ref: 'e1', values: ['Pro'] }, 'ELEMENT_NOT_VISIBLE', 'select'],
      ['type', { ref: 'e2', text: 'Sam' }, 'NOT_EDITABLE', 'type'],
      ['type', { ref: 'e2', text: 'Sam' }, 'ELEMENT_NOT_VISIBLE', 'type'],
      ['type', { ref: 'e2', text: 'Sam' }, 'ELEMENT_DISABLED', 'type'],
    ];
    for (const [tool, input, code, purpose] of cases) {
      const { run, asked, browser } = setup(() => refusal(code));
      const outcome = await run(tool, input);
      expect(outcome.error?.code, `${tool} ${code}`).toBe(code);
      expect(asked, `${tool} ${code}`).toHaveLength(0);
      // Only the check reached the page: nothing was judged (no inspect) and nothing was acted.
      expect(browser.sent.map((sent) => sent.command.type)).toEqual(['precheck']);
      expect(browser.sent[0]?.command).toMatchObject({ ref: input['ref'], purpose });
    }
  });

  it('a target that passes its check is judged and asked about as before (ask mode)', async () => {
    const { run, asked, browser } = setup(() => ({ ok: true, result: { ok: true } }));
    const outcome = await run('type', { ref: 'e2', text: 'Sam' });
    expect(asked).toHaveLength(1);
    expect(outcome.error?.code).toBe('PERMISSION_DENIED');
    expect(browser.sent.map((sent) => sent.command.type).slice(0, 2)).toEqual(['precheck', 'inspect']);
  });

  it('a page that cannot answer the check leaves the call to its judgement (the check is not a new way to fail)', async () => {
    const { run, asked } = setup(() => refusal('NOT_INJECTABLE'));
    await run('select_option', { ref: 'e1', values: ['Pro'] });
    expect(asked).toHaveLength(1);
  });
});
