import { describe, expect, it } from 'vitest';
import { keyEffect, keyForCharacter, modifierBits, parseKeyCombo, type KeyPress } from './keys.js';

const press = (combo: string): KeyPress => {
  const parsed = parseKeyCombo(combo);
  if (!parsed.ok) throw new Error(`${combo}: ${parsed.message}`);
  return parsed.press;
};

describe('parseKeyCombo', () => {
  it('gives Enter the legacy code 13 and the carriage return browsers type with it', () => {
    expect(press('Enter')).toMatchObject({ key: 'Enter', code: 'Enter', keyCode: 13, text: '\r', modifiers: [], name: 'Enter' });
  });

  it.each([
    ['Return', 'Enter'],
    ['\r', 'Enter'],
    ['\n', 'Enter'],
    ['enter', 'Enter'],
    ['ENTER', 'Enter'],
    ['Esc', 'Escape'],
    ['Del', 'Delete'],
    ['Up', 'ArrowUp'],
    ['down', 'ArrowDown'],
    ['PgDn', 'PageDown'],
    ['Space', ' '],
    [' ', ' '],
    ['\t', 'Tab'],
    ['f5', 'F5'],
    ['F12', 'F12'],
    ['Home', 'Home'],
    ['Insert', 'Insert'],
  ])('maps the synonym %j to the real key %j', (name, key) => {
    expect(press(name).key).toBe(key);
  });

  it('parses combinations in a fixed modifier order, with the key a keyboard reports', () => {
    expect(press('ctrl+a')).toMatchObject({ key: 'a', code: 'KeyA', keyCode: 65, modifiers: ['Control'], name: 'Control+A' });
    expect(press('Control+A').key).toBe('a');
    expect(press('Shift+Tab')).toMatchObject({ key: 'Tab', keyCode: 9, modifiers: ['Shift'] });
    expect(press('Meta+Enter')).toMatchObject({ key: 'Enter', modifiers: ['Meta'] });
    expect(press('Shift+Control+z')).toMatchObject({ key: 'Z', modifiers: ['Control', 'Shift'] });
    expect(press('Cmd+Shift+P').modifiers).toEqual(['Shift', 'Meta']);
    expect(press('Ctrl-A')).toMatchObject({ key: 'a', modifiers: ['Control'] });
    expect(press('Control++')).toMatchObject({ key: '+', modifiers: ['Control', 'Shift'] });
  });

  it('types text only when no command modifier is held', () => {
    expect(press('a').text).toBe('a');
    expect(press('Shift+a').text).toBe('A');
    expect(press('Control+a').text).toBeUndefined();
    expect(press('Meta+Enter').text).toBeUndefined();
    expect(press('Tab').text).toBeUndefined();
  });

  it('rejects names that are not keys, listing the ones that are', () => {
    for (const bad of ['Enterr', 'hello', 'Hyper+A', '', 'Control+', 'F13']) {
      const parsed = parseKeyCombo(bad);
      expect(parsed.ok, bad).toBe(false);
      if (!parsed.ok) expect(parsed.suggestion).toContain('Escape, Tab, Backspace');
    }
    const text = parseKeyCombo('hello');
    expect(!text.ok && text.message).toContain('looks like text');
  });
});

describe('keyForCharacter', () => {
  it('gives shifted characters their key and Shift, and leaves others to text insertion', () => {
    expect(keyForCharacter('A')).toMatchObject({ code: 'KeyA', keyCode: 65, shift: true });
    expect(keyForCharacter('!')).toMatchObject({ code: 'Digit1', keyCode: 49, shift: true });
    expect(keyForCharacter('?')).toMatchObject({ code: 'Slash', keyCode: 191 });
    expect(keyForCharacter('\n')).toMatchObject({ key: 'Enter', keyCode: 13 });
    expect(keyForCharacter('é')).toBeUndefined();
  });
});

describe('modifierBits', () => {
  it('uses the DevTools Protocol bit mask', () => {
    expect(modifierBits(['Alt', 'Control', 'Meta', 'Shift'])).toBe(15);
    expect(modifierBits(['Shift'])).toBe(8);
  });
});

describe('keyEffect', () => {
  const field = { role: 'textbox', tag: 'input', inputType: 'text', formMethod: 'post', formAction: 'https://a.test/delete' };
  it('judges Enter in a form field as the submit it causes', () => {
    expect(keyEffect(press('Enter'), field)).toEqual({ kind: 'submit', method: 'POST', action: 'https://a.test/delete' });
    expect(keyEffect(press('\n'), { role: 'textbox', tag: 'input' })).toEqual({ kind: 'other' });
    expect(keyEffect(press('Enter'), { role: 'textbox', tag: 'textarea' })).toEqual({ kind: 'newline' });
  });
  it('judges Enter and Space on buttons and links as activation', () => {
    expect(keyEffect(press('Space'), { role: 'button', tag: 'button' })).toEqual({ kind: 'activate' });
    expect(keyEffect(press('Enter'), { role: 'link', tag: 'a' })).toEqual({ kind: 'activate' });
    expect(keyEffect(press('Space'), { role: 'link', tag: 'a' })).toEqual({ kind: 'other' });
    expect(keyEffect(press('Enter'), { role: 'button', tag: 'button', submits: true, formMethod: 'post', formAction: '/x' })).toMatchObject({
      kind: 'submit',
      method: 'POST',
    });
    expect(keyEffect(press('Control+Enter'), field)).toEqual({ kind: 'other' });
  });
});
