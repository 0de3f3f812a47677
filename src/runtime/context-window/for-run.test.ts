import { describe, expect, it } from 'vitest';
import { createMemoryResultStore } from '../budget.js';
import { createScriptedClient } from '../model/scripted.js';
import { contextWindowForRun } from './for-run.js';
import { CLOUD_IMAGE_OPTIONS, DEFAULT_IMAGE_OPTIONS } from './models.js';
import type { RunConfig } from '../run-config.js';

const boundary = (emit: (e: unknown) => void = () => {}) => ({
  system: '',
  tools: [],
  messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }],
  maxTokens: undefined,
  signal: new AbortController().signal,
  emit,
});

const config = (over: Partial<RunConfig> = {}): Pick<RunConfig, 'modelOverrides' | 'limits'> => ({ modelOverrides: {}, limits: { maxTurns: 40 }, ...over });

describe('contextWindowForRun', () => {
  it('takes the model’s profile and the person’s overrides for images', () => {
    const sonnet = contextWindowForRun({
      model: createScriptedClient([], { model: 'claude-sonnet-4-5' }),
      resultStore: createMemoryResultStore(),
      config: config(),
      start: { kind: 'new' },
    });
    expect(sonnet.imageOptions).toEqual(CLOUD_IMAGE_OPTIONS);
    const local = contextWindowForRun({
      model: createScriptedClient([], { model: 'llava:13b' }),
      resultStore: createMemoryResultStore(),
      config: config({ modelOverrides: { llava: { image: { maxEdge: 672 } } } }),
      start: { kind: 'new' },
    });
    expect(local.imageOptions).toEqual({ ...DEFAULT_IMAGE_OPTIONS, maxEdge: 672 });
  });

  it('runs without a budget when none is set, and stops at a budget that is set', async () => {
    const free = contextWindowForRun({
      model: createScriptedClient([], { model: 'claude-sonnet-4-5' }),
      resultStore: createMemoryResultStore(),
      config: config(),
      start: { kind: 'new' },
    });
    expect(await free.policy.prepare(boundary())).toHaveProperty('messages');
    const tight = contextWindowForRun({
      model: createScriptedClient([], { model: 'claude-sonnet-4-5' }),
      resultStore: createMemoryResultStore(),
      config: config({ limits: { maxTurns: 40, budget: { maxTokens: 100 } } }),
      start: { kind: 'new' },
    });
    expect(await tight.policy.prepare(boundary())).toMatchObject({ stop: 'budget', error: { code: 'BUDGET_EXCEEDED' } });
  });

  it('resumes a run with its meter, and starts the next run of a conversation with the stubs but a fresh meter', () => {
    const state = {
      stubs: { t1: [{ type: 'text' as const, text: '[stub]' }] },
      meter: { usage: { inputTokens: 5, outputTokens: 5, cacheReadTokens: 0, cacheCreationTokens: 0 }, requests: 1, costUsd: 0.001 },
    };
    const make = (start: Parameters<typeof contextWindowForRun>[0]['start']) =>
      contextWindowForRun({
        model: createScriptedClient([], { model: 'claude-sonnet-4-5' }),
        resultStore: createMemoryResultStore(),
        config: config(),
        start,
      }).policy.snapshot();
    expect(make({ kind: 'resume', state })).toEqual(state);
    expect(make({ kind: 'next', previous: state })).toMatchObject({ stubs: state.stubs, meter: { requests: 0 } });
  });
});
