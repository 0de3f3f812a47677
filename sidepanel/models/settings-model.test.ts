import { describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '../../src/shared/settings.js';
import { BindingModel, pinnedTabFromSearch, type TabsApi } from './binding-model.js';
import { MemoryModel } from './memory-model.js';
import { SettingsModel, salvageSettings } from './settings-model.js';

function memoryStorage(initial: unknown) {
  const state = { value: initial, writes: [] as Settings[] };
  return {
    state,
    storage: {
      read: async () => state.value,
      write: async (settings: Settings) => {
        state.writes.push(settings);
        state.value = settings;
      },
    },
  };
}

describe('SettingsModel', () => {
  it('loads valid stored settings', async () => {
    const { storage } = memoryStorage({ provider: 'openai', openai: { apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' } });
    const model = new SettingsModel(storage);
    await model.load();
    expect(model.storedProblem.value).toBeUndefined();
    expect(model.draft.value.provider).toBe('openai');
    expect(model.provider.value).toEqual({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' });
  });

  it('explains an invalid stored value and keeps the fields that still parse', async () => {
    const { storage } = memoryStorage({ provider: 'gemini', anthropic: { apiKey: 'keep-me' }, permissionMode: 'yolo' });
    const model = new SettingsModel(storage);
    await model.load();
    expect(model.storedProblem.value?.message).toMatch(/provider/);
    expect(model.storedProblem.value?.message).toMatch(/permissionMode/);
    expect(model.draft.value.anthropic.apiKey).toBe('keep-me');
    expect(model.draft.value.provider).toBe('anthropic');
    // An unreadable mode falls back to a new install's.
    expect(model.draft.value.permissionMode).toBe('plan');
  });

  it('a reload that finds what was saved keeps what the person is typing and the section\'s "Saved."', async () => {
    const { storage } = memoryStorage({ anthropic: { apiKey: 'old' } });
    const model = new SettingsModel(storage);
    await model.load();
    expect(await model.save(['permissionMode'], 'permissions')).toBe(true);
    model.editProvider('apiKey', 'typed-before-the-read-returned');
    // Opening Settings reads again, and the panel's own save comes back as a storage change: both find the same value.
    await model.load();
    expect(model.draft.value.anthropic.apiKey).toBe('typed-before-the-read-returned');
    expect(model.sectionSaves.value['permissions']?.state).toBe('saved');
  });

  it("a value changed elsewhere replaces the form's, except in a field edited and not saved", async () => {
    const { storage, state } = memoryStorage({ anthropic: { apiKey: 'old' }, maxTurns: 10 });
    const model = new SettingsModel(storage);
    await model.load();
    model.editProvider('apiKey', 'typed');
    state.value = { anthropic: { apiKey: 'from-elsewhere' }, maxTurns: 20 };
    await model.load();
    expect(model.draft.value.maxTurns).toBe(20);
    expect(model.draft.value.anthropic.apiKey).toBe('typed');
    expect(model.saved.value.anthropic.apiKey).toBe('from-elsewhere');
    expect(model.isDirty(['anthropic'])).toBe(true);
  });

  it('salvages nothing from a non-object', () => {
    expect(salvageSettings('nonsense')).toEqual(defaultSettings());
  });

  it('shows field errors by path and does not write invalid settings', async () => {
    const { storage, state } = memoryStorage(undefined);
    const model = new SettingsModel(storage);
    await model.load();
    model.editProvider('baseUrl', 'not a url');
    model.editProvider('model', '');
    expect(await model.save()).toBe(false);
    expect(Object.keys(model.fieldErrors.value).sort()).toEqual(['anthropic.baseUrl', 'anthropic.model']);
    expect(state.writes).toEqual([]);
    model.editProvider('baseUrl', 'http://127.0.0.1:8080');
    expect(Object.keys(model.fieldErrors.value)).toEqual(['anthropic.model']);
  });

  it('saves valid settings and clears the stored problem', async () => {
    const { storage, state } = memoryStorage({ provider: 'nope' });
    const model = new SettingsModel(storage);
    await model.load();
    model.edit((draft) => ({ ...draft, permissionMode: 'auto' }));
    model.addShortcut();
    model.editShortcut(0, { name: 'translate', title: 'Translate', prompt: 'Translate {{selection}}', contexts: ['selection'] });
    expect(await model.save()).toBe(true);
    expect(state.writes[0]?.permissionMode).toBe('auto');
    expect(state.writes[0]?.shortcuts[0]).toMatchObject({ title: 'Translate', contexts: ['selection'] });
    expect(model.storedProblem.value).toBeUndefined();
    expect(model.saveState.value).toBe('saved');
  });

  it('reports an empty shortcut and a bad name by field', async () => {
    const model = new SettingsModel(memoryStorage(undefined).storage);
    await model.load();
    model.addShortcut();
    model.addShortcut();
    model.editShortcut(1, { name: 'Bad Name', prompt: 'x' });
    expect(await model.save()).toBe(false);
    expect(model.fieldErrors.value).toHaveProperty(['shortcuts.0.prompt']);
    // In words a person reads next to the field, not zod's "Too small: expected string to have >=1 characters".
    expect(model.fieldErrors.value['shortcuts.0.prompt']).toBe('Required.');
    expect(model.fieldErrors.value['shortcuts.1.name']).toBe('Use lowercase letters, digits and dashes (e.g. summarize-page).');
    model.editShortcut(1, { name: model.draft.value.shortcuts[0]!.name });
    model.editShortcut(0, { prompt: 'y' });
    expect(await model.save()).toBe(false);
    expect(model.fieldErrors.value['shortcuts.1.name']).toMatch(/already named/);
    model.edit((draft) => ({ ...draft, maxTurns: 500, anthropic: { ...draft.anthropic, baseUrl: 'api.example.com' } }));
    expect(await model.save()).toBe(false);
    expect(model.fieldErrors.value['maxTurns']).toBe('At most 200.');
    expect(model.fieldErrors.value['anthropic.baseUrl']).toMatch(/^Enter a full URL/);
  });

  it('saves rules without blank lines and refuses a malformed rule, naming it', async () => {
    const { storage, state } = memoryStorage(undefined);
    const model = new SettingsModel(storage);
    await model.load();
    model.edit((draft) => ({ ...draft, rules: { allow: ['read_page', '', ' click(*.example.com) '], ask: [], deny: ['navigate(bank.com'] } }));
    expect(await model.save()).toBe(false);
    expect(model.fieldErrors.value['rules.deny']).toContain('“navigate(bank.com”');
    expect(state.writes).toHaveLength(0);
    model.edit((draft) => ({ ...draft, rules: { ...draft.rules, deny: ['navigate(*.bank.com)'] } }), 'rules.deny');
    expect(await model.save()).toBe(true);
    expect(state.writes[0]?.rules).toEqual({ allow: ['read_page', 'click(*.example.com)'], ask: [], deny: ['navigate(*.bank.com)'] });
  });

  it('reports a failing write instead of throwing', async () => {
    const model = new SettingsModel({ read: async () => undefined, write: async () => Promise.reject(new Error('quota')) });
    await model.load();
    expect(await model.save()).toBe(false);
    expect(model.saveError.value).toMatch(/quota/);
  });
});

describe('MemoryModel', () => {
  it('lists entries and deletes through the worker', async () => {
    const requests: unknown[] = [];
    const model = new MemoryModel(async (request) => {
      requests.push(request);
      if ((request as { method: string }).method === 'memory.list')
        return {
          ok: true,
          data: {
            entries: [
              { key: 'a', value: 'x', updatedAt: 1 },
              { key: 'b', value: 'y', updatedAt: 2 },
            ],
          },
        };
      return { ok: true, data: { deleted: true } };
    });
    await model.refresh();
    expect(model.entries.value).toEqual([
      { key: 'a', value: 'x', updatedAt: 1 },
      { key: 'b', value: 'y', updatedAt: 2 },
    ]);
    await model.remove('a');
    expect(requests.at(-1)).toEqual({ method: 'memory.delete', params: { key: 'a' } });
    expect(model.entries.value.map((entry) => entry.key)).toEqual(['b']);
  });

  it('restores the entry and shows the error when deleting fails', async () => {
    const model = new MemoryModel(async (request) =>
      (request as { method: string }).method === 'memory.list'
        ? { ok: true, data: { entries: [{ key: 'a', value: 'x', updatedAt: 1 }] } }
        : { ok: false, error: { code: 'NO_STORE', message: 'No store.', suggestion: 'Reload.' } },
    );
    await model.refresh();
    await model.remove('a');
    expect(model.entries.value.map((entry) => entry.key)).toEqual(['a']);
    expect(model.error.value).toBe('No store. Reload.');
  });

  it('says so when the worker does not answer', async () => {
    const model = new MemoryModel(async () => Promise.reject(new Error('Could not establish connection')));
    await model.refresh();
    expect(model.status.value).toBe('error');
    expect(model.error.value).toMatch(/did not answer/);
  });
});

describe('BindingModel', () => {
  it('reads ?tab=<id> and ignores junk', () => {
    expect(pinnedTabFromSearch('?tab=42')).toBe(42);
    expect(pinnedTabFromSearch('?tab=4x')).toBeUndefined();
    expect(pinnedTabFromSearch('')).toBeUndefined();
  });

  it('follows tab switches in its own window only', async () => {
    let listener: ((info: { tabId: number; windowId: number }) => void) | undefined;
    const tabs: TabsApi = {
      activeTabId: async () => 5,
      windowId: async () => 1,
      onActivated: (l) => {
        listener = l;
        return () => (listener = undefined);
      },
    };
    const binding = new BindingModel(undefined);
    await binding.start(tabs);
    expect(binding.tabId.value).toBe(5);
    listener?.({ tabId: 6, windowId: 2 });
    expect(binding.tabId.value).toBe(5);
    listener?.({ tabId: 7, windowId: 1 });
    expect(binding.tabId.value).toBe(7);
    binding.stop();
    expect(listener).toBeUndefined();
  });

  it('stays on a pinned tab', async () => {
    const binding = new BindingModel(9);
    let subscribed = false;
    await binding.start({ activeTabId: async () => 1, windowId: async () => 1, onActivated: () => ((subscribed = true), () => undefined) });
    expect(binding.tabId.value).toBe(9);
    expect(subscribed).toBe(false);
  });
});
