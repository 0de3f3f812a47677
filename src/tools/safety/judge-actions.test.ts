/**
 * The page actions' own judgements, through the real tools against a fake content script: Enter and
 * newlines judged as the submit they cause, the focused element read when there is no ref, the text and
 * its destination shown, fill_form per frame. Each runs through the permission system in auto mode.
 */
import { describe, expect, it } from 'vitest';
import { createCanUseTool } from '../../runtime/permissions.js';
import type { PermissionRequest } from '../../runtime/permission-types.js';
import type { AnyTool } from '../../runtime/tool.js';
import { FakeBrowser, pageOk, type SentCommand } from '../../../tests/support/fake-browser.js';
import { answerInspect, control, facts, form } from '../../../tests/support/page-facts.js';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { click } from '../page/click.js';
import { fillForm } from '../page/fill-form.js';
import { pressKey } from '../page/press-key.js';
import { selectOption } from '../page/select-option.js';
import { typeText } from '../page/type.js';
import { activationOfKey } from './judge-actions.js';

const PAGE = 'https://shop.test/account';
const deleteForm = form({
  action: 'https://shop.test/account/delete',
  label: 'Delete account',
  defaultButton: control({ role: 'button', name: 'Continue', submits: true }),
  fields: [{ name: 'email', label: 'E-mail', type: 'email', value: 'ada@shop.test', masked: false }],
});
const field = control({ role: 'textbox', name: 'E-mail', editable: 'field' });
const PAGE_FACTS = {
  e1: facts(PAGE, field, { form: deleteForm }),
  e2: facts(PAGE, control({ role: 'textbox', name: 'New todo', editable: 'field' })),
  e3: facts(PAGE, control({ role: 'textbox', name: 'Password', editable: 'field', inputType: 'password' })),
  e4: facts(PAGE, control({ role: 'combobox', name: 'Plan', tag: 'select' }), {
    form: form({ hasSubmitButton: false, label: 'Change plan' }),
    options: [{ value: 'none', label: 'Cancel plan' }],
  }),
  e5: facts(PAGE, control({ role: 'combobox', name: 'Digest frequency', tag: 'input', editable: 'field' })),
  e6: facts(PAGE, control({ role: 'combobox', name: 'Country', tag: 'select' }), { options: [{ value: 'de', label: 'Germany' }] }),
  f3e1: facts('https://ads.test/slot', control({ role: 'textbox', name: 'Win a prize', editable: 'field' })),
  focused: { ...facts(PAGE, field, { form: deleteForm }), focus: 'element' as const },
};

/** What combobox_parts answers for each ref: a custom widget, or a native select. */
const PARTS: Record<string, unknown> = {
  e5: { kind: 'combobox', widget: 'e5', opener: 'e5', multiple: false, values: [], mirrored: false },
  e6: { kind: 'native' },
};
const answerParts = (sent: SentCommand) =>
  sent.command.type === 'combobox_parts' && typeof sent.command['ref'] === 'string' && PARTS[sent.command['ref']]
    ? pageOk(PARTS[sent.command['ref']])
    : pageOk({ documentId: 'doc-1', url: 'https://shop.test/', summary: `did ${sent.command.type}` });

function run(tool: AnyTool, input: Record<string, unknown>, options: { answers?: Array<'allow_once' | 'deny'>; frames?: boolean } = {}) {
  const browser = Object.assign(new FakeBrowser([{ id: 1, active: true, url: PAGE }], { answer: answerInspect(PAGE_FACTS, answerParts) }), {
    listFrames: async () => [
      { frameId: 0, parentFrameId: -1, url: PAGE },
      { frameId: 3, parentFrameId: 0, url: 'https://ads.test/slot' },
    ],
  });
  const asked: PermissionRequest[] = [];
  const context = createTestContext([tool], {
    browser,
    permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
    askPerson: async (request) => (asked.push(request), { choice: options.answers?.shift() ?? 'deny' }),
  });
  context.snapshots.update(1, PAGE, {
    e1: { role: 'textbox', name: 'E-mail' },
    e2: { role: 'textbox', name: 'New todo' },
    e3: { role: 'textbox', name: 'Password', inputType: 'password' },
    e4: { role: 'combobox', name: 'Plan' },
    e5: { role: 'combobox', name: 'Digest frequency' },
    e6: { role: 'combobox', name: 'Country' },
    f3e1: { role: 'textbox', name: 'Win a prize' },
  });
  const decided = createCanUseTool()(tool, tool.inputSchema.parse(input), context, 't1');
  return { decided, asked, context, browser };
}

describe('keys by the names models use', () => {
  it('Enter, Return, \\r and a newline are Enter (with any modifiers); Space and " " are Space; others are neither', () => {
    for (const key of ['Enter', 'Return', '\r', '\n', 'ctrl+enter', 'Control+Enter', 'Meta+Return']) expect(activationOfKey(key)?.how, key).toBe('Enter');
    for (const key of ['Space', ' ', 'Spacebar', 'Shift+Space']) expect(activationOfKey(key)?.how, key).toBe('Space');
    for (const key of ['Tab', 'a', 'Control++', 'Escape', 'ArrowDown']) expect(activationOfKey(key), key).toBeUndefined();
    expect(activationOfKey('Control+Shift+Enter')?.modifiers).toEqual(['Control', 'Shift']);
    expect(activationOfKey('NumpadEnter'), 'not a key name: validateInput refuses it').toBeUndefined();
  });
});

describe('press_key', () => {
  it('Enter with no ref reads the focused element: in the delete form it asks in auto mode, saying what it submits', async () => {
    const { decided, asked, browser } = run(pressKey, { key: 'Return' });
    expect(await decided).toMatchObject({ behavior: 'deny' });
    expect(browser.sent.map((sent) => sent.command)).toEqual([{ type: 'inspect' }]);
    expect(asked[0]).toMatchObject({
      why: { type: 'destructive', detail: '“Delete account” reads as an act that cannot be undone (delete)' },
      effect: {
        summary: 'Enter in textbox “E-mail” submits the form “Delete account” (POST /account/delete) through button “Continue”',
        facts: [
          { label: 'Key', value: 'Enter' },
          { label: 'On', value: 'textbox “E-mail”' },
          { label: 'E-mail', value: 'ada@shop.test' },
        ],
      },
    });
  });
  it('Enter in a field outside a form runs in auto mode; Tab is read like any key, and moves focus', async () => {
    expect(await run(pressKey, { key: 'Enter', ref: 'e2' }).decided).toMatchObject({ behavior: 'allow', reason: { type: 'mode' } });
    const tab = run(pressKey, { key: 'Tab' });
    expect(await tab.decided).toMatchObject({ behavior: 'allow', effect: { summary: 'presses Tab in textbox “E-mail”' } });
    expect(tab.browser.sent.map((sent) => sent.command)).toEqual([{ type: 'inspect' }]);
  });
});

describe('type', () => {
  it('submit: true and a typed newline in a one-line field are judged as the Enter that submits', async () => {
    for (const input of [
      { ref: 'e1', text: 'ada@shop.test', submit: true },
      { ref: 'e1', text: 'ada@shop.test\n' },
    ]) {
      const { decided, asked } = run(typeText, input);
      expect(await decided).toMatchObject({ behavior: 'deny' });
      expect(asked[0]?.effect?.summary).toBe(
        `types “${input.text.replace('\n', '⏎')}” into textbox “E-mail”; then Enter in textbox “E-mail” submits the form “Delete account” (POST /account/delete) through button “Continue”`,
      );
    }
  });
  it('shows the exact text; a password is masked', async () => {
    const plain = run(typeText, { ref: 'e2', text: 'buy milk' });
    expect(await plain.decided).toMatchObject({
      behavior: 'allow',
      effect: {
        facts: [
          { label: 'Field', value: 'textbox “New todo”' },
          { label: 'Text', value: 'buy milk' },
        ],
      },
    });
    const secret = run(typeText, { ref: 'e3', text: 'hunter2' }, { answers: ['allow_once'] });
    await secret.decided;
    expect(secret.asked[0]?.effect?.facts).toEqual([
      { label: 'Field', value: 'textbox “Password”' },
      { label: 'Text', value: '•••••••', masked: true },
    ]);
    expect(JSON.stringify(secret.asked[0]?.effect)).not.toContain('hunter2');
  });
  it('text read on the bank’s page, typed into an ad frame, is data leaving: it asks in auto mode and shows it', async () => {
    const { decided, asked, context } = run(typeText, { ref: 'f3e1', text: 'my IBAN is DE89 3704 0044 0532 0130 00' });
    context.ledger.record('r1', 'https://shop.test', 'Your IBAN: DE89 3704 0044 0532 0130 00');
    expect(await decided).toMatchObject({ behavior: 'deny' });
    expect(asked[0]).toMatchObject({
      why: { type: 'data_flow' },
      site: 'https://ads.test',
      effect: { dataFlows: [{ from: 'https://shop.test', to: 'https://ads.test', text: 'de89 3704 0044 0532 0130 00' }] },
    });
  });
});

describe('select_option and fill_form', () => {
  it('a select whose form has no submit button is judged as that form’s submission', async () => {
    const { decided, asked } = run(selectOption, { ref: 'e4', values: ['none'] });
    expect(await decided).toMatchObject({ behavior: 'deny' });
    expect(asked[0]?.effect?.summary).toContain('its form has no submit button, so it submits on change: may submit the form “Change plan” (POST /submit)');
  });
  it('a custom combobox is chosen with no page allowed to load (an option’s hidden handler cannot submit or navigate); a native select keeps its own site', async () => {
    const widget = await run(selectOption, { ref: 'e5', values: ['Weekly'] }).decided;
    expect(widget).toMatchObject({ behavior: 'allow', guard: { tabId: 1, allowed: [] } });
    const native = await run(selectOption, { ref: 'e6', values: ['Germany'] }).decided;
    expect(native).toMatchObject({ behavior: 'allow', guard: { tabId: 1, allowed: [PAGE] } });
  });
  it('fill_form across the page and an ad frame names both sites and asks; each field shows its value', async () => {
    const { decided, asked } = run(fillForm, {
      fields: [
        { ref: 'e2', value: 'milk' },
        { ref: 'f3e1', value: 'ada@shop.test' },
      ],
    });
    expect(await decided).toMatchObject({ behavior: 'deny' });
    expect(asked[0]).toMatchObject({
      why: { type: 'mixed_sites' },
      effect: {
        summary: 'fills 2 fields across 2 sites (https://shop.test, https://ads.test)',
        facts: [
          { label: 'textbox "New todo"', value: 'milk' },
          { label: 'textbox "Win a prize"', value: 'ada@shop.test' },
        ],
      },
    });
  });
});

describe('when the page cannot say', () => {
  it('a stale ref fails as the call would (no prompt); a page that does not answer is unknown, so it asks', async () => {
    const silent = createTestContext([click], {
      browser: new FakeBrowser([{ id: 1, url: PAGE }], { answer: () => ({ ok: false, error: { code: 'TIMEOUT', message: 'slow', suggestion: 'wait' } }) }),
      permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
    });
    silent.snapshots.update(1, PAGE, { e1: { role: 'button', name: 'Save' } });
    expect(await click.checkPermissions(click.inputSchema.parse({ ref: 'e1' }), silent)).toMatchObject({
      behavior: 'ask',
      destructive: true,
      reason: expect.stringContaining('TIMEOUT'),
    });
    const gone = createTestContext([click], { browser: new FakeBrowser([{ id: 1, url: PAGE }], { answer: answerInspect({}) }) });
    expect(await click.checkPermissions(click.inputSchema.parse({ ref: 'e1' }), gone)).toEqual({ behavior: 'passthrough' });
  });
});
