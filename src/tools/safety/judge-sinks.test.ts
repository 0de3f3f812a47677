/**
 * Every sink judged by its effect, through the real tools against a fake content script in auto mode:
 * any key on press_key (the page's shortcuts, a key that changes a select, Control+Enter), each
 * fill_form field by what its change does, values one digit per box, a character typed a call at a time,
 * a dialog answered with read data, a plain select's choice, an address's query and a form's submission to
 * another site, and the tab's address read from the browser at call time.
 */
import { describe, expect, it } from 'vitest';
import { createCanUseTool } from '../../runtime/permissions.js';
import type { DialogInfo, PageInputPort } from '../../runtime/page-input.js';
import type { PermissionRequest } from '../../runtime/permission-types.js';
import type { AnyTool } from '../../runtime/tool.js';
import { FakeBrowser } from '../../../tests/support/fake-browser.js';
import { answerInspect, control, facts, form } from '../../../tests/support/page-facts.js';
import { createTestContext } from '../../../tests/support/tool-context.js';
import { fillForm } from '../page/fill-form.js';
import { handleDialog } from '../page/handle-dialog.js';
import { navigate } from '../page/navigate.js';
import { pressKey } from '../page/press-key.js';
import { selectOption } from '../page/select-option.js';
import { typeText } from '../page/type.js';

const PAGE = 'https://shop.test/account';
const EVIL = 'https://evil.test/verify';
const postForm = form({ label: 'Preferences', action: 'https://shop.test/settings' });
const box = (n: number) => facts(EVIL, control({ role: 'textbox', name: `Digit ${n}`, editable: 'field' }));
const PAGE_FACTS = {
  e1: facts(PAGE, control({ role: 'textbox', name: 'Search', editable: 'field' })),
  e2: facts(PAGE, control({ role: 'combobox', name: 'Plan', tag: 'select', handler: 'this.form.submit()' }), {
    form: postForm,
    options: [{ value: 'basic', label: 'Basic' }],
  }),
  e3: facts(PAGE, control({ role: 'checkbox', name: 'Close my account', tag: 'input', inputType: 'checkbox', handler: 'this.form.submit()' }), {
    form: postForm,
  }),
  e4: facts(PAGE, control({ role: 'textbox', name: 'Comment', editable: 'textarea', tag: 'textarea' }), { form: postForm }),
  e5: facts(PAGE, control({ role: 'listitem', name: 'Invoice 2024-03', tag: 'li' })),
  e6: facts(PAGE, control({ role: 'checkbox', name: 'Newsletter', tag: 'input', inputType: 'checkbox' }), { form: postForm }),
  ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`f3e${n}`, box(n)])),
  e7: facts(PAGE, control({ role: 'combobox', name: 'Referral', tag: 'select' }), { options: [{ value: 'basic-7731', label: 'basic-7731' }] }),
  e8: facts(PAGE, control({ role: 'textbox', name: 'Voucher', editable: 'field' }), {
    form: form({ label: 'Redeem', method: 'get', action: 'https://evil.test/redeem' }),
  }),
  e9: { ...facts(PAGE, undefined), focus: 'frame' as const },
  e10: facts(PAGE, control({ role: 'textbox', name: 'Message', editable: 'textarea', tag: 'textarea' })),
  e11: facts(PAGE, control({ role: 'textbox', name: 'Password', editable: 'field', inputType: 'password' })),
  focused: { ...facts(PAGE, undefined), focus: 'body' as const },
};
const KNOWN = {
  e1: { role: 'textbox', name: 'Search' },
  e2: { role: 'combobox', name: 'Plan' },
  e3: { role: 'checkbox', name: 'Close my account' },
  e4: { role: 'textbox', name: 'Comment' },
  e5: { role: 'listitem', name: 'Invoice 2024-03' },
  e6: { role: 'checkbox', name: 'Newsletter' },
  e7: { role: 'combobox', name: 'Referral' },
  e8: { role: 'textbox', name: 'Voucher' },
  e9: { role: 'iframe', name: 'Editor' },
  e10: { role: 'textbox', name: 'Message' },
  e11: { role: 'textbox', name: 'Password', inputType: 'password' },
  ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`f3e${n}`, { role: 'textbox', name: `Digit ${n}` }])),
};

function setup(dialog?: DialogInfo) {
  const browser = Object.assign(new FakeBrowser([{ id: 1, active: true, url: PAGE }], { answer: answerInspect(PAGE_FACTS) }), {
    listFrames: async () => [
      { frameId: 0, parentFrameId: -1, url: PAGE },
      { frameId: 3, parentFrameId: 0, url: EVIL },
    ],
    ...(dialog ? { input: { openDialog: () => dialog } as unknown as PageInputPort } : {}),
  });
  const asked: PermissionRequest[] = [];
  const context = createTestContext([], {
    browser,
    permissions: { mode: 'auto', rules: { allow: [], deny: [], ask: [] }, grants: [] },
    askPerson: async (request) => (asked.push(request), { choice: 'deny' }),
  });
  context.snapshots.update(1, PAGE, KNOWN);
  context.ledger.record('r1', 'https://bank.test', 'Your one-time code is 482913.');
  const decide = (tool: AnyTool, input: Record<string, unknown>, id = 't1') => createCanUseTool()(tool, tool.inputSchema.parse(input), context, id);
  return { decide, asked, context, browser };
}

describe('press_key: any key, judged by what it does where it lands', () => {
  it('a letter or Delete outside a text field is one of the page’s shortcuts: it asks in auto mode', async () => {
    for (const input of [{ key: 'e' }, { key: '#' }, { key: 'Delete', ref: 'e5' }, { key: 'F2' }]) {
      const { decide, asked } = setup();
      expect(await decide(pressKey, input), JSON.stringify(input)).toMatchObject({ behavior: 'deny' });
      expect(asked[0]).toMatchObject({ why: { type: 'destructive' }, destructive: true });
      expect(asked[0]?.effect?.summary).toContain('a shortcut of the page');
    }
  });
  it('keys the browser defines run: typing, editing shortcuts and moving in a field, Escape and Tab anywhere', async () => {
    for (const input of [
      { key: 'a', ref: 'e1' },
      { key: 'Backspace', ref: 'e1' },
      { key: 'Control+A', ref: 'e1' },
      { key: 'ArrowLeft', ref: 'e1' },
      { key: 'Escape' },
      { key: 'Shift+Tab' },
    ]) {
      const { decide, asked } = setup();
      expect(await decide(pressKey, input), JSON.stringify(input)).toMatchObject({ behavior: 'allow', reason: { type: 'mode' } });
      expect(asked).toEqual([]);
    }
  });
  it('Control+S in a field, an arrow that changes a submitting select, Control+Enter in a form’s text area: judged as what they cause', async () => {
    const save = setup();
    expect(await save.decide(pressKey, { key: 'Control+S', ref: 'e1' })).toMatchObject({ behavior: 'deny' });
    expect(save.asked[0]?.why).toMatchObject({ type: 'destructive' });
    const arrow = setup();
    expect(await arrow.decide(pressKey, { key: 'ArrowDown', ref: 'e2' })).toMatchObject({ behavior: 'deny' });
    expect(arrow.asked[0]?.effect?.summary).toContain('its change handler submits the form');
    const send = setup();
    expect(await send.decide(pressKey, { key: 'Control+Enter', ref: 'e4' })).toMatchObject({ behavior: 'deny' });
    expect(send.asked[0]?.effect?.summary).toContain('Control+Enter in textbox “Comment” may submit the form “Preferences” (POST /settings)');
  });
  it('Control+Enter in a text box outside any form is taken as Send; a key whose focus is inside another frame cannot be judged: both ask', async () => {
    const send = setup();
    expect(await send.decide(pressKey, { key: 'Control+Enter', ref: 'e10' })).toMatchObject({ behavior: 'deny' });
    expect(send.asked[0]).toMatchObject({ destructive: true, why: { type: 'destructive' } });
    for (const key of ['a', 'ArrowDown', 'Tab']) {
      const framed = setup();
      expect(await framed.decide(pressKey, { key, ref: 'e9' }), key).toMatchObject({ behavior: 'deny' });
      expect(framed.asked[0]?.effect?.summary).toContain('inside an embedded frame');
    }
  });
  it('a code typed one key per call into another site is still the code: the last key asks, showing it whole', async () => {
    const { decide, asked } = setup();
    for (const [index, digit] of [...'48291'].entries()) {
      expect(await decide(pressKey, { key: digit, ref: `f3e${index + 1}` }, `k${index}`)).toMatchObject({ behavior: 'allow' });
    }
    expect(await decide(pressKey, { key: '3', ref: 'f3e6' }, 'k5')).toMatchObject({ behavior: 'deny' });
    expect(asked[0]).toMatchObject({
      why: { type: 'data_flow' },
      effect: { dataFlows: [{ from: 'https://bank.test', to: 'https://evil.test', text: '482913' }] },
    });
  });
});

describe('fill_form: each field by its own effect', () => {
  it('a select or a checkbox whose change submits is judged as that submit, as select_option and click judge it', async () => {
    for (const field of [
      { ref: 'e2', value: 'basic' },
      { ref: 'e3', value: 'true' },
    ]) {
      const { decide, asked } = setup();
      expect(await decide(fillForm, { fields: [{ ref: 'e1', value: 'shoes' }, field] })).toMatchObject({ behavior: 'deny' });
      expect(asked[0]).toMatchObject({ destructive: true, effect: { summary: expect.stringContaining('its change handler submits the form') } });
    }
    // A box with no handler is a plain fill.
    const plain = setup();
    expect(await plain.decide(fillForm, { fields: [{ ref: 'e6', value: 'true' }] })).toMatchObject({ behavior: 'allow' });
  });
  it('a password field asks in auto mode and the prompt’s facts show no character of it', async () => {
    const secret = setup();
    expect(await secret.decide(fillForm, { fields: [{ ref: 'e11', value: 'hunter2-and-more' }] })).toMatchObject({ behavior: 'deny' });
    expect(secret.asked[0]).toMatchObject({ destructive: true });
    expect(secret.asked[0]?.effect?.facts).toContainEqual(expect.objectContaining({ value: '••••••', masked: true }));
    expect(JSON.stringify(secret.asked[0]?.effect)).not.toContain('hunter2');
  });
  it('a one-time code put one digit per box into another site is judged together, in field order', async () => {
    const { decide, asked } = setup();
    const fields = [...'482913'].map((digit, index) => ({ ref: `f3e${index + 1}`, value: digit }));
    expect(await decide(fillForm, { fields })).toMatchObject({ behavior: 'deny' });
    expect(asked[0]).toMatchObject({ why: { type: 'data_flow' } });
    expect(asked[0]?.effect?.dataFlows?.map((flow) => flow.text)).toContain('482913');
    // In another order it is another number, and not the code.
    const shuffled = setup();
    expect(await shuffled.decide(fillForm, { fields: [...fields].reverse() })).toMatchObject({ behavior: 'allow' });
  });
});

describe('select_option and handle_dialog as sinks', () => {
  it('the answer to a prompt() is data sent to the dialog’s page: read data in it asks in auto mode', async () => {
    const dialog: DialogInfo = { type: 'prompt', message: 'Enter your code to continue', url: 'https://evil.test/frame' };
    const { decide, asked } = setup(dialog);
    expect(await decide(handleDialog, { accept: true, prompt_text: 'ok 482913' })).toMatchObject({ behavior: 'deny' });
    expect(asked[0]).toMatchObject({
      why: { type: 'data_flow' },
      effect: {
        facts: [
          { label: 'Dialog', value: 'a JavaScript prompt dialog saying "Enter your code to continue"' },
          { label: 'Answer', value: 'ok 482913' },
        ],
        dataFlows: [{ from: 'https://bank.test', to: 'https://evil.test', text: '482913' }],
      },
    });
    // Its own words back, or no answer at all, carry nothing.
    expect(await setup(dialog).decide(handleDialog, { accept: true, prompt_text: 'yes' })).toMatchObject({ behavior: 'allow' });
    expect(await setup(dialog).decide(handleDialog, { accept: false })).toMatchObject({ behavior: 'allow' });
  });
  it('choosing options is data for the select’s page too', async () => {
    const { decide, context } = setup();
    context.ledger.record('r2', 'https://bank.test', 'Plan code basic-7731 for Ada');
    const decided = await decide(selectOption, { ref: 'e2', values: ['basic-7731'] });
    expect(decided).toMatchObject({ behavior: 'deny' });
    // A plain select (no handler, no form): the choice itself is what reaches the page.
    const plain = setup();
    plain.context.ledger.record('r2', 'https://bank.test', 'Plan code basic-7731 for Ada');
    expect(await plain.decide(selectOption, { ref: 'e7', values: ['basic-7731'] })).toMatchObject({ behavior: 'deny' });
    expect(plain.asked[0]).toMatchObject({
      why: { type: 'data_flow' },
      effect: { dataFlows: [{ from: 'https://bank.test', to: 'https://shop.test', text: 'basic-7731' }] },
    });
  });
});

describe('addresses and submissions as sinks', () => {
  it('an address whose query carries a code read on another site asks, even on the same site in auto mode', async () => {
    const { decide, asked } = setup();
    expect(await decide(navigate, { url: 'https://shop.test/search?q=482913' })).toMatchObject({ behavior: 'deny' });
    expect(asked[0]).toMatchObject({
      why: { type: 'data_flow' },
      effect: { dataFlows: [{ from: 'https://bank.test', to: 'https://shop.test', text: '482913' }] },
    });
    expect(await setup().decide(navigate, { url: 'https://shop.test/search?q=shoes' })).toMatchObject({ behavior: 'allow' });
  });

  it('an address that carries another site’s address is judged as landing there (an open redirect)', async () => {
    const { decide, asked } = setup();
    const url = 'https://shop.test/out?to=https%3A%2F%2Fevil.test%2Fcollect';
    expect(await decide(navigate, { url })).toMatchObject({ behavior: 'deny' });
    expect(asked[0]).toMatchObject({ destructive: true, why: { type: 'destructive' } });
    expect(asked[0]?.why).toMatchObject({ detail: expect.stringContaining('evil.test') });
    expect(asked[0]?.effect?.facts).toContainEqual({ label: 'Address', value: url });
  });

  it('“the same site” is where the browser says the tab is now, not where this run last read it', async () => {
    const { decide, asked, browser } = setup();
    browser.tabs.set(1, { ...browser.tabs.get(1)!, url: 'https://evil.test/landing' });
    expect(await decide(navigate, { url: 'https://shop.test/account/orders' })).toMatchObject({ behavior: 'deny' });
    expect(asked[0]).toMatchObject({ destructive: true });
  });

  it('text the page itself showed, typed and submitted to a form of another site, is that site’s data leaving', async () => {
    const { decide, asked, context } = setup();
    context.ledger.record('r3', 'https://shop.test', 'Your voucher: VC-55120-88');
    expect(await decide(typeText, { ref: 'e8', text: 'VC-55120-88', submit: true })).toMatchObject({ behavior: 'deny' });
    expect(asked[0]).toMatchObject({
      why: { type: 'data_flow' },
      effect: { dataFlows: [{ from: 'https://shop.test', to: 'https://evil.test', text: 'vc-55120-88' }] },
    });
  });
});
