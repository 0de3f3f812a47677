import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { SiteGrant } from '../runtime/permission-types.js';
import { parseSettings, type Settings } from '../shared/settings.js';
import { checkSettingsForRun, runConfigFrom } from './run-settings.js';
import { ofType, setup } from '../../tests/support/run-manager-harness.js';

const settingsOf = (raw: unknown): Settings => {
  const parsed = parseSettings(raw);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.settings;
};

describe('runConfigFrom', () => {
  it('takes the chosen provider’s endpoint, the limits, the permission context with the stored grants, and the rest', () => {
    const grants: SiteGrant[] = [{ origin: 'https://shop.test', tool: 'click' }];
    const settings = settingsOf({
      provider: 'openai',
      anthropic: { apiKey: 'a-key', model: 'claude-x' },
      openai: { apiKey: 'o-key', baseUrl: 'http://127.0.0.1:1234/v1', model: 'local-model' },
      permissionMode: 'auto',
      rules: { deny: ['navigate'] },
      maxTurns: 7,
      simpleMode: true,
      storageCapMb: 30,
      models: { 'local-model': { contextWindow: 32_000 } },
    });
    expect(runConfigFrom(settings, grants)).toEqual({
      model: { provider: 'openai', apiKey: 'o-key', baseUrl: 'http://127.0.0.1:1234/v1', model: 'local-model' },
      modelOverrides: { 'local-model': { contextWindow: 32_000 } },
      limits: { maxTurns: 7 },
      permissions: { mode: 'auto', rules: { allow: [], deny: ['navigate'], ask: [] }, grants },
      simpleMode: true,
      storageCapMb: 30,
    });
    expect(runConfigFrom(settingsOf({ anthropic: { apiKey: 'a-key' } }), []).model).toEqual({
      provider: 'anthropic',
      apiKey: 'a-key',
      baseUrl: 'https://api.anthropic.com',
      model: 'claude-sonnet-4-5',
    });
  });

  it('leaves out a limit the settings set to 0 (none), and keeps each one that is set', () => {
    expect(runConfigFrom(settingsOf({ runBudget: { maxTokens: 0, maxCostUsd: 0 }, maxContextTokens: 0 }), []).limits).toEqual({ maxTurns: 40 });
    expect(runConfigFrom(settingsOf({ runBudget: { maxTokens: 0, maxCostUsd: 0.5 } }), []).limits).toEqual({ maxTurns: 40, budget: { maxCostUsd: 0.5 } });
    expect(runConfigFrom(settingsOf({ runBudget: { maxTokens: 9_000, maxCostUsd: 2 }, maxContextTokens: 20_000 }), []).limits).toEqual({
      maxTurns: 40,
      budget: { maxTokens: 9_000, maxCostUsd: 2 },
      maxContextTokens: 20_000,
    });
  });
});

describe('checkSettingsForRun', () => {
  it('asks for a key the provider needs, and lets a local OpenAI-compatible server go without one', () => {
    expect(checkSettingsForRun({ ok: true, settings: settingsOf({}) })).toMatchObject({ ok: false, notice: { code: 'NO_API_KEY' } });
    expect(checkSettingsForRun({ ok: true, settings: settingsOf({ provider: 'openai' }) })).toMatchObject({ ok: false, notice: { code: 'NO_API_KEY' } });
    const local = settingsOf({ provider: 'openai', openai: { baseUrl: 'http://localhost:11434/v1' } });
    expect(checkSettingsForRun({ ok: true, settings: local })).toEqual({ ok: true, settings: local });
    expect(checkSettingsForRun({ ok: false, message: 'bad', suggestion: 'fix' })).toMatchObject({ ok: false, notice: { code: 'SETTINGS_INVALID' } });
  });
});

describe('a run under its configuration', () => {
  const startRun = async (settings: unknown, steps: Parameters<typeof setup>[0]) => {
    const harness = setup(steps, { settings });
    await harness.handle(harness.link, { type: 'bind_tab', tabId: 1 });
    const conversationId = ofType(harness.posted, 'conversation_state')[0]!.conversationId;
    await harness.handle(harness.link, { type: 'send_message', conversationId, text: 'Go' });
    await harness.manager.settled(conversationId);
    const finished = ofType(harness.posted, 'agent_event').flatMap((m) => (m.event.type === 'run_finished' ? [m.event.reason] : []));
    return { ...harness, finished };
  };
  const looks = Array.from({ length: 5 }, (_, i) => ({ toolCalls: [{ id: `t${i}`, name: 'look', input: {} }] }));

  it('stops at the settings’ turn limit', async () => {
    const { finished, model } = await startRun({ anthropic: { apiKey: 'k' }, permissionMode: 'auto', maxTurns: 2 }, looks);
    expect(finished).toEqual(['max_turns']);
    expect(model.requests).toHaveLength(2);
  });

  it('stops before a request that could pass the settings’ run budget', async () => {
    const { finished, model } = await startRun({ anthropic: { apiKey: 'k' }, permissionMode: 'auto', runBudget: { maxTokens: 10 } }, looks);
    expect(finished).toEqual(['budget']);
    expect(model.requests).toHaveLength(0);
  });
});
