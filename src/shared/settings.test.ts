import { describe, expect, it } from 'vitest';
import { defaultSettings, insecureKeyWarning, parseSettings } from './settings.js';

describe('parseSettings', () => {
  it('accepts an Anthropic and an OpenAI provider with key, base URL and model, filling the rest with defaults', () => {
    const anthropic = parseSettings({ provider: 'anthropic', anthropic: { apiKey: 'k', baseUrl: 'http://127.0.0.1:9', model: 'm' }, permissionMode: 'ask' });
    expect(anthropic).toMatchObject({
      ok: true,
      settings: { provider: 'anthropic', anthropic: { apiKey: 'k', baseUrl: 'http://127.0.0.1:9', model: 'm' }, maxTurns: 40 },
    });
    const openai = parseSettings({ provider: 'openai', openai: { apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' }, permissionMode: 'auto' });
    expect(openai).toMatchObject({ ok: true, settings: { provider: 'openai', permissionMode: 'auto', anthropic: defaultSettings().anthropic } });
    expect(parseSettings(undefined)).toEqual({ ok: true, settings: defaultSettings() });
  });

  it('starts a new install in plan mode, and keeps the mode of settings stored before (ask when they named none)', () => {
    expect(defaultSettings().permissionMode).toBe('plan');
    expect(parseSettings(undefined)).toMatchObject({ ok: true, settings: { permissionMode: 'plan' } });
    expect(parseSettings({})).toMatchObject({ ok: true, settings: { permissionMode: 'plan' } });
    // Stored before plan mode was the default, without a mode of its own: it ran in ask mode and stays there.
    expect(parseSettings({ provider: 'anthropic', anthropic: { apiKey: 'k' } })).toMatchObject({ ok: true, settings: { permissionMode: 'ask' } });
    for (const mode of ['ask', 'auto', 'read-only', 'plan'] as const)
      expect(parseSettings({ provider: 'demo', permissionMode: mode })).toMatchObject({ ok: true, settings: { permissionMode: mode } });
  });

  it('names each bad field with the stored value and the allowed ones, instead of throwing', () => {
    const result = parseSettings({ provider: 'gemini', permissionMode: 'sometimes', anthropic: { baseUrl: 'not a url' }, maxTurns: 0 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toContain('provider: "gemini" is not one of anthropic, openai');
    expect(result.message).toContain('permissionMode: "sometimes" is not one of ask, auto, read-only, plan');
    expect(result.message).toContain('anthropic.baseUrl:');
    expect(result.message).toContain('maxTurns:');
    expect(result.suggestion).toMatch(/Settings/);
  });

  it('survives values that are not objects at all', () => {
    expect(parseSettings('settings')).toMatchObject({ ok: false, message: expect.stringContaining('(root)') });
    expect(parseSettings({ provider: { toString: null } })).toMatchObject({ ok: false });
  });
});

describe('insecureKeyWarning', () => {
  it('warns when a key would go over plain http to another machine', () => {
    expect(insecureKeyWarning({ apiKey: 'sk-1', baseUrl: 'http://192.168.1.20:11434/v1' })).toMatch(/unencrypted/);
    expect(insecureKeyWarning({ apiKey: 'sk-1', baseUrl: 'http://api.example.com' })).toContain('api.example.com');
    // A host that merely starts with "localhost" or "127." is not this machine.
    expect(insecureKeyWarning({ apiKey: 'sk-1', baseUrl: 'http://localhost.evil.test' })).toBeDefined();
    expect(insecureKeyWarning({ apiKey: 'sk-1', baseUrl: 'http://127.0.0.1.evil.test' })).toBeDefined();
  });

  it('stays quiet for https, loopback hosts, no key, or an unparsable URL', () => {
    expect(insecureKeyWarning({ apiKey: 'sk-1', baseUrl: 'https://192.168.1.20/v1' })).toBeUndefined();
    for (const baseUrl of ['http://127.0.0.1:9/v1', 'http://localhost:11434', 'http://[::1]:8080', 'http://LOCALHOST./v1', 'http://127.0.0.2']) {
      expect(insecureKeyWarning({ apiKey: 'sk-1', baseUrl }), baseUrl).toBeUndefined();
    }
    expect(insecureKeyWarning({ apiKey: '', baseUrl: 'http://192.168.1.20' })).toBeUndefined();
    expect(insecureKeyWarning({ apiKey: '  ', baseUrl: 'http://192.168.1.20' })).toBeUndefined();
    expect(insecureKeyWarning({ apiKey: 'sk-1', baseUrl: 'not a url' })).toBeUndefined();
  });
});

describe('context-window settings', () => {
  it('default to no budget, no cap and no overrides; a model override is checked field by field', () => {
    expect(defaultSettings()).toMatchObject({ runBudget: { maxTokens: 0, maxCostUsd: 0 }, maxContextTokens: 0, models: {} });
    const ok = parseSettings({ runBudget: { maxCostUsd: 0.5 }, models: { 'llama3.2': { contextWindow: 128_000, image: { format: 'image/webp' } } } });
    expect(ok).toMatchObject({ ok: true, settings: { runBudget: { maxTokens: 0, maxCostUsd: 0.5 }, models: { 'llama3.2': { contextWindow: 128_000 } } } });
    const bad = parseSettings({ models: { 'gpt-4.1': { prices: { input: -1, output: 8, cacheRead: 0.5, cacheWrite: 2 } } } });
    expect(bad.ok).toBe(false);
    expect(bad.ok ? '' : bad.message).toContain('models.gpt-4.1.prices.input');
  });
});
