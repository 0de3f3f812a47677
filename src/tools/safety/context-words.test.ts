/** Words judged with their control's role and context: each softened case, and the cases that must still ask. */
import { describe, expect, it } from 'vitest';
import { control, facts, form } from '../../../tests/support/page-facts.js';
import { judgeActivation, judgeSubmission } from './act-judgement.js';
import { isReadOnlySql, removesChoice, savesEdit } from './context-words.js';
import { clickIsDestructive } from './destructive.js';
import { matchAct } from './vocabulary.js';

const PAGE = 'https://wiki.test/edit';
const click = (target: ReturnType<typeof control>, extra: Parameters<typeof facts>[2] = {}) => judgeActivation(facts(PAGE, target, extra), 'click', PAGE);

describe('saving an edit is not an irreversible confirm', () => {
  it('"Confirm changes" and "Save changes" name no act; "Confirm", "Confirm order", "Confirm payment" still do', () => {
    expect(savesEdit('Confirm changes')).toBe(true);
    expect(savesEdit('Save edits')).toBe(true);
    expect(savesEdit('Confirm changes to this tiddler')).toBe(true);
    expect(savesEdit('Confirm changes to this order and pay')).toBe(false);
    expect(click(control({ role: 'button', name: 'Confirm changes' })).destructive).toBeUndefined();
    expect(clickIsDestructive({ role: 'button', name: 'Confirm changes' }).destructive).toBe(false);
    for (const name of ['Confirm', 'Confirm order', 'Confirm payment', 'Confirm changes and delete account', 'Confirm changes to this order and pay'])
      expect(click(control({ role: 'button', name })).destructive, name).toMatch(/cannot be undone/);
  });
});

describe('a chip’s Remove takes a choice off', () => {
  it('is not destructive on a chip, and still is anywhere else or with another word', () => {
    expect(removesChoice(matchAct('Remove Ben'), true)).toBe(true);
    expect(click(control({ role: 'button', name: 'Remove Ben', chip: true })).destructive).toBeUndefined();
    expect(clickIsDestructive({ role: 'button', name: 'Remove Ben', chip: true }).destructive).toBe(false);
    expect(click(control({ role: 'button', name: 'Remove Ben' })).destructive).toMatch(/delete/);
    expect(clickIsDestructive({ role: 'button', name: 'Remove Ben' }).destructive).toBe(true);
    for (const name of ['Delete Ben', 'Erase', 'Move to trash', 'Pay now'])
      expect(click(control({ role: 'button', name, chip: true })).destructive, name).toMatch(/cannot be undone/);
  });
});

describe('switches, boxes and tabs toggle or show', () => {
  it('a switch labelled with an act word is a setting; its change handler and its form are still judged', () => {
    expect(click(control({ role: 'switch', name: 'Archive old mail automatically' })).destructive).toBeUndefined();
    expect(clickIsDestructive({ role: 'switch', name: 'Archive old mail automatically' }).destructive).toBe(false);
    expect(click(control({ role: 'tab', name: 'Post' })).destructive).toBeUndefined();
    const navigates = control({ role: 'checkbox', name: 'Delete', handler: 'location.href = next' });
    expect(click(navigates).destructive).toMatch(/navigates/);
    const submitsSwitch = control({ role: 'switch', name: 'Delete account', submits: true });
    expect(click(submitsSwitch, { form: form({ method: 'post', action: 'https://wiki.test/account/delete' }) }).destructive).toMatch(/Delete account/);
    expect(clickIsDestructive({ role: 'switch', name: 'Delete account', submits: true, formMethod: 'post' }).destructive).toBe(true);
  });
});

describe('a POST judged by what the page says it is for', () => {
  const preview = control({ role: 'button', name: 'Show preview', submits: true });
  const execute = control({ role: 'button', name: 'Execute', submits: true });
  const sqlForm = (sql: string, extra: Array<{ name: string; label: string; type: string; value: string; masked: boolean }> = []) =>
    form({
      method: 'post',
      action: 'https://db.test/sql',
      fields: [{ name: 'sql', label: 'SQL query', type: 'textarea', value: sql, masked: false }, ...extra],
    });

  it('a preview posts nothing lasting: not destructive, and the summary says why', () => {
    const effect = judgeSubmission(form({ method: 'post', action: 'https://wiki.test/edit' }), preview, PAGE);
    expect(effect.destructive).toBeUndefined();
    expect(effect.summary).toContain('a preview or a read-only query');
    expect(clickIsDestructive({ role: 'button', name: 'Show preview', submits: true, formMethod: 'post' }).destructive).toBe(false);
  });

  it('a preview that leaves the site, whose form or address names an act, still asks; so does the form’s other button', () => {
    expect(judgeSubmission(form({ method: 'post', action: 'https://elsewhere.test/edit' }), preview, PAGE).destructive).toMatch(/another site/);
    expect(judgeSubmission(form({ method: 'post', action: 'https://wiki.test/account/delete' }), preview, PAGE).destructive).toMatch(/delete/);
    expect(judgeSubmission(form({ method: 'post', action: 'https://wiki.test/x', label: 'Delete account' }), preview, PAGE).destructive).toMatch(
      /Delete account/,
    );
    const save = control({ role: 'button', name: 'Save page', submits: true });
    expect(judgeSubmission(form({ method: 'post', action: 'https://wiki.test/edit' }), save, PAGE).destructive).toMatch(/posts the form/);
  });

  it('Execute on one read-only SQL statement reads; a write, two statements, SELECT INTO or another text field still ask', () => {
    const at = 'https://db.test/console';
    expect(judgeSubmission(sqlForm("SELECT count(*) FROM users WHERE created > now() - interval '7 days'"), execute, at).destructive).toBeUndefined();
    expect(judgeSubmission(sqlForm('-- weekly\nWITH w AS (SELECT 1) SELECT * FROM w;'), execute, at).destructive).toBeUndefined();
    for (const sql of [
      'DELETE FROM users',
      'SELECT 1; DROP TABLE users',
      'SELECT * INTO backup FROM users',
      'SELECT * FROM t FOR UPDATE',
      'UPDATE t SET a = 1',
      '',
    ])
      expect(judgeSubmission(sqlForm(sql), execute, at).destructive, sql).toMatch(/posts the form/);
    const two = sqlForm('SELECT 1', [{ name: 'note', label: 'Note', type: 'text', value: 'x', masked: false }]);
    expect(judgeSubmission(two, execute, at).destructive).toMatch(/posts the form/);
    // The words must be the console's: "Go" on the same form still asks.
    expect(judgeSubmission(sqlForm('SELECT 1'), control({ role: 'button', name: 'Go', submits: true }), at).destructive).toMatch(/posts the form/);
  });

  it('reads SQL conservatively', () => {
    expect(isReadOnlySql('select * from t')).toBe(true);
    expect(isReadOnlySql('EXPLAIN SELECT * FROM t')).toBe(true);
    expect(isReadOnlySql('/* x */ SHOW TABLES')).toBe(true);
    expect(isReadOnlySql('SELECT * FROM t; ')).toBe(true);
    expect(isReadOnlySql('SELECT 1;; SELECT 2')).toBe(false);
    expect(isReadOnlySql('CALL purge()')).toBe(false);
    expect(isReadOnlySql('WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d')).toBe(false);
  });
});
