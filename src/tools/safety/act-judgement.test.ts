/** Acts judged by their effect: each rule of act-judgement.ts, from the facts the content script reports. */
import { describe, expect, it } from 'vitest';
import { control, facts, form } from '../../../tests/support/page-facts.js';
import { judgeActivation, judgeLink, judgeSelect, judgeSubmission } from './act-judgement.js';

const PAGE = 'https://shop.test/account';
const deleteForm = form({
  method: 'post',
  action: 'https://shop.test/account/delete',
  label: 'Delete account',
  defaultButton: control({ role: 'button', name: 'Continue', submits: true }),
});

describe('Enter, Space and clicks are judged as what they cause', () => {
  it('Enter in a field of a form that posts is that form’s submission, named by the form', () => {
    const effect = judgeActivation(
      facts(PAGE, control({ role: 'textbox', name: 'Confirm your e-mail', editable: 'field' }), { form: deleteForm }),
      'Enter',
      PAGE,
    );
    expect(effect.summary).toBe('Enter in textbox “Confirm your e-mail” submits the form “Delete account” (POST /account/delete) through button “Continue”');
    expect(effect.destructive).toMatch(/Delete account/);
    expect(effect.landing).toBe('https://shop.test/account/delete');
  });

  it('Enter and Space on a button, and a click, all judge the button', () => {
    const button = facts(PAGE, control({ role: 'button', name: 'Delete account' }));
    for (const how of ['click', 'Enter', 'Space'] as const) expect(judgeActivation(button, how, PAGE).destructive, how).toMatch(/cannot be undone \(delete\)/);
    const plain = facts(PAGE, control({ role: 'button', name: 'Show more' }));
    expect(judgeActivation(plain, 'Enter', PAGE).destructive).toBeUndefined();
  });

  it('a submit button is judged by its form: a POST, the words on it or on the form, an action whose path names the act', () => {
    const submitter = control({ role: 'button', name: 'Go', submits: true });
    expect(
      judgeActivation(facts(PAGE, submitter, { form: form({ method: 'get', action: 'https://shop.test/search' }) }), 'click', PAGE).destructive,
    ).toBeUndefined();
    expect(
      judgeActivation(facts(PAGE, submitter, { form: form({ method: 'get', action: 'https://shop.test/newsletter/unsubscribe' }) }), 'click', PAGE).destructive,
    ).toMatch(/unsubscribe/);
    expect(judgeActivation(facts(PAGE, submitter, { form: form({ method: 'post' }) }), 'click', PAGE).destructive).toMatch(/posts the form/);
    expect(judgeActivation(facts(PAGE, submitter, { form: form({ method: 'get', label: 'Konto löschen' }) }), 'click', PAGE).destructive).toMatch(
      /Konto löschen/,
    );
    // A formmethod/formaction override on the button wins over its form.
    const override = control({ role: 'button', name: 'Go', submits: true, formMethod: 'post', formAction: 'https://shop.test/x' });
    expect(judgeActivation(facts(PAGE, override, { form: form({ method: 'get' }) }), 'click', PAGE).summary).toContain('(POST /x)');
  });

  it('a GET form to another site leaves the site', () => {
    const effect = judgeSubmission(form({ method: 'get', action: 'https://evil.test/collect', label: 'Search' }), undefined, PAGE);
    expect(effect.destructive).toBe('it sends the form to another site, evil.test');
    expect(effect.summary).toContain('GET https://evil.test/collect');
  });

  it('"Submit" and "Confirm" commit, except on a GET form', () => {
    expect(judgeActivation(facts(PAGE, control({ role: 'button', name: 'Confirm' })), 'click', PAGE).destructive).toMatch(/confirm/);
    const onGet = facts(PAGE, control({ role: 'button', name: 'Submit', submits: true }), {
      form: form({ method: 'get', action: 'https://shop.test/search' }),
    });
    expect(judgeActivation(onGet, 'click', PAGE).destructive).toBeUndefined();
  });

  it('Enter on a checkbox in a form submits it; Space only toggles it', () => {
    const box = facts(PAGE, control({ role: 'checkbox', name: 'I understand' }), { form: deleteForm });
    expect(judgeActivation(box, 'Enter', PAGE).destructive).toBeDefined();
    expect(judgeActivation(box, 'Space', PAGE)).toEqual({ summary: 'toggles checkbox “I understand”' });
  });

  it('a click or Space on a box whose inline change handler submits is that submission; without a handler it only toggles', () => {
    const submitting = facts(PAGE, control({ role: 'checkbox', name: 'Keep me posted', handler: 'this.form.submit()' }), { form: deleteForm });
    for (const how of ['click', 'Space'] as const) {
      const effect = judgeActivation(submitting, how, PAGE);
      expect(effect.summary, how).toContain('its change handler submits the form: submits the form “Delete account” (POST /account/delete)');
      expect(effect.destructive, how).toMatch(/Delete account/);
    }
    const navigating = facts(PAGE, control({ role: 'radio', name: 'Other', handler: "location.href='/out'" }));
    expect(judgeActivation(navigating, 'click', PAGE).destructive).toMatch(/navigates the page/);
    expect(judgeActivation(facts(PAGE, control({ role: 'checkbox', name: 'Keep me posted' }), { form: deleteForm }), 'Space', PAGE)).toEqual({
      summary: 'toggles checkbox “Keep me posted”',
    });
  });

  it('Enter in a field outside any form, or in a form Enter cannot submit, is up to the page', () => {
    const loose = judgeActivation(facts(PAGE, control({ role: 'textbox', name: 'New todo', editable: 'field' })), 'Enter', PAGE);
    expect(loose).toEqual({ summary: 'presses Enter in textbox “New todo” (it is in no form it would submit: what happens is up to the page)' });
    const blocked = judgeActivation(
      facts(PAGE, control({ role: 'textbox', name: 'First', editable: 'field' }), { form: form({ enterSubmits: false, hasSubmitButton: false }) }),
      'Enter',
      PAGE,
    );
    expect(blocked.destructive).toBeUndefined();
  });

  it('Enter in a message box beside a Send button may send it; Space types a space', () => {
    const box = facts(PAGE, control({ role: 'textbox', name: 'Message', editable: 'editable' }), { nearby: ['Attach', 'Senden'] });
    expect(judgeActivation(box, 'Enter', PAGE).destructive).toMatch(/Senden/);
    expect(judgeActivation(facts(PAGE, control({ role: 'textbox', name: 'Notes', editable: 'textarea' }), { nearby: ['Bold'] }), 'Enter', PAGE)).toEqual({
      summary: 'starts a new line in textbox “Notes”',
    });
    expect(judgeActivation(box, 'Space', PAGE).destructive).toBeUndefined();
  });

  it('a key whose focus is inside another frame cannot be judged, so it is unsafe; nothing focused is nothing', () => {
    expect(judgeActivation({ ...facts(PAGE, undefined), focus: 'frame' }, 'Enter', PAGE).destructive).toMatch(/another frame/);
    expect(judgeActivation(facts(PAGE, undefined), 'Enter', PAGE)).toEqual({ summary: 'presses Enter with nothing focused on the page' });
  });

  it('a click into a field only focuses it, whatever its label asks', () => {
    expect(
      judgeActivation(facts(PAGE, control({ role: 'textbox', name: 'Type DELETE to confirm', editable: 'field' }), { form: deleteForm }), 'click', PAGE),
    ).toEqual({ summary: 'clicks into textbox “Type DELETE to confirm”' });
  });

  it('a tab header only shows its panel, whatever its label says', () => {
    expect(judgeActivation(facts(PAGE, control({ role: 'tab', name: 'Delete history' })), 'click', PAGE).destructive).toBeUndefined();
  });
});

describe('links are judged by where they go', () => {
  const link = (href: string, name = 'Read more', extra = {}) => control({ role: 'link', name, href, ...extra });
  it('another site is leaving the site; the same site is not', () => {
    expect(judgeLink(link('https://evil.test/x'), PAGE)).toMatchObject({
      destructive: 'the link leaves the site for evil.test',
      landing: 'https://evil.test/x',
    });
    expect(judgeLink(link('https://www.shop.test/help'), PAGE).destructive).toBeUndefined();
  });
  it('an address whose last segments name an act, or words that do, are destructive; a page about it is not', () => {
    expect(judgeLink(link('https://shop.test/mail/delete?id=4', 'Click here'), PAGE).destructive).toMatch(/delete/);
    expect(judgeLink(link('https://shop.test/help/how-to-delete-your-account', 'Help'), PAGE).destructive).toBeUndefined();
    expect(judgeLink(link('https://shop.test/x', 'Jetzt kaufen'), PAGE).destructive).toMatch(/buy/);
  });
  it('mailto: and other schemes hand the address to another application', () => {
    expect(judgeLink(link('mailto:a@evil.test?body=secret'), PAGE).destructive).toMatch(/another application \(mailto:\)/);
  });
  it('a new tab is said so', () => {
    expect(judgeLink(link('https://shop.test/terms', 'Terms', { target: '_blank' }), PAGE).summary).toBe('opens /terms in a new tab (link “Terms”)');
  });
});

describe('a select is judged by what it does on change', () => {
  const select = control({ role: 'combobox', name: 'Sort by', tag: 'select' });
  it('in a form without a submit button it submits the form (and a POST there is destructive)', () => {
    const effect = judgeSelect(
      facts(PAGE, select, { form: form({ method: 'post', hasSubmitButton: false, label: 'Subscription' }), options: [{ value: 'cancel', label: 'Cancel' }] }),
      PAGE,
    );
    expect(effect.summary).toContain('its form has no submit button, so it submits on change');
    expect(effect.destructive).toMatch(/posts/);
  });
  it('an onchange that submits counts even when the form has a button', () => {
    const effect = judgeSelect(
      facts(
        PAGE,
        { ...select, handler: 'this.form.submit()' },
        { form: form({ method: 'get', action: 'https://evil.test/' }), options: [{ value: 'a', label: 'A' }] },
      ),
      PAGE,
    );
    expect(effect.destructive).toBe('it sends the form to another site, evil.test');
  });
  it('options whose values are addresses navigate there', () => {
    const effect = judgeSelect(
      facts(
        PAGE,
        { ...select, handler: 'location = this.value' },
        { options: [{ value: 'https://evil.test/?q=1', label: 'Evil', url: 'https://evil.test/?q=1' }] },
      ),
      PAGE,
    );
    expect(effect).toMatchObject({ landing: 'https://evil.test/?q=1', destructive: 'the link leaves the site for evil.test' });
  });
  it('a plain select in a form with a submit button only changes a value', () => {
    expect(judgeSelect(facts(PAGE, select, { form: form(), options: [{ value: 'price', label: 'Price' }] }), PAGE)).toEqual({
      summary: 'chooses “Price” in combobox “Sort by”',
    });
  });
});
