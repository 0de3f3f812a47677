import { describe, expect, it } from 'vitest';
import { parseSettings } from './settings.js';
import { migrateStoredSettings, shortcutNameFrom } from './shortcuts.js';

const stored = {
  provider: 'demo',
  customActions: [
    {
      id: 'translate',
      title: 'Translate to French!',
      prompt: 'Translate {{ selection }} from {{title}} <{{url}}> ({{link}})',
      contexts: ['selection', 'link'],
    },
    { id: 'sum', title: 'Summarize', prompt: 'Summarize {{url}}', contexts: ['page'] },
    { id: 'sum2', title: 'Summarize', prompt: 'Summarize again', contexts: ['page'] },
  ],
};

describe('stored custom actions become shortcuts', () => {
  it('keeps every id, title, prompt (its template names as written) and menu context, and names each from its title', () => {
    const parsed = parseSettings(stored);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.settings.shortcuts).toEqual([
      {
        id: 'translate',
        name: 'translate-to-french',
        title: 'Translate to French!',
        prompt: 'Translate {{ selection }} from {{title}} <{{url}}> ({{link}})',
        contexts: ['selection', 'link'],
      },
      { id: 'sum', name: 'summarize', title: 'Summarize', prompt: 'Summarize {{url}}', contexts: ['page'] },
      { id: 'sum2', name: 'summarize-2', title: 'Summarize', prompt: 'Summarize again', contexts: ['page'] },
    ]);
    expect(parsed.settings).not.toHaveProperty('customActions');
  });

  it('adds them after shortcuts already stored, without taking their names', () => {
    const migrated = migrateStoredSettings({ shortcuts: [{ id: 'a', name: 'summarize', prompt: 'x' }], customActions: stored.customActions.slice(1, 2) });
    expect(migrated).toMatchObject({ shortcuts: [{ name: 'summarize' }, { id: 'sum', name: 'summarize-2' }] });
  });

  it('leaves settings without custom actions as they are, and a broken list to the schema to report', () => {
    const plain = { provider: 'demo' };
    expect(migrateStoredSettings(plain)).toBe(plain);
    const broken = parseSettings({ customActions: [{ id: 'x', title: 'T' }] });
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.message).toContain('shortcuts.0.prompt');
  });

  it('names from any text: lowercase letters, digits and dashes, never empty', () => {
    expect(shortcutNameFrom('  Über Café — 2 ways ')).toBe('uber-cafe-2-ways');
    expect(shortcutNameFrom('!!!')).toBe('shortcut');
    expect(shortcutNameFrom('x', new Set(['x', 'x-2']))).toBe('x-3');
  });

  it('refuses a bad name and two shortcuts with one name', () => {
    expect(parseSettings({ shortcuts: [{ id: 'a', name: 'Has Space', prompt: 'p' }] }).ok).toBe(false);
    const twice = parseSettings({
      shortcuts: [
        { id: 'a', name: 'n', prompt: 'p' },
        { id: 'b', name: 'n', prompt: 'q' },
      ],
    });
    expect(twice.ok).toBe(false);
    if (!twice.ok) expect(twice.message).toContain('shortcuts.1.name');
  });
});
