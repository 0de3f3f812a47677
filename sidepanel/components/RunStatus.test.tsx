import { render } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversationModel } from '../models/conversation-model.js';
import { conversationCostLine, runCostLine } from '../lib/cost-words.js';
import { RunStatus } from './RunStatus.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('RunStatus', () => {
  it('shows the same "at" time for a rate limit however late it re-renders', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 0, 1, 12, 0, 0));
    const model = new ConversationModel(() => undefined);
    model.apply({ type: 'conversation_state', conversationId: 'c1', title: '', transcript: [], run: { status: 'idle' } });
    model.apply({
      type: 'agent_event',
      conversationId: 'c1',
      runId: 'r1',
      event: {
        type: 'run_finished',
        reason: 'model_error',
        error: { code: 'RATE_LIMITED', message: 'Too many requests.', suggestion: 'Wait.', retryAfterMs: 30_000 },
      },
    });
    const first = render(<RunStatus model={model} onOpenSettings={() => undefined} />);
    vi.setSystemTime(new Date(2026, 0, 1, 12, 7, 0));
    const later = render(<RunStatus model={model} onOpenSettings={() => undefined} />);
    expect(first).toMatch(/Try again in about 30 seconds \(at .*12.*00.*30.*\)\./);
    expect(later).toBe(first);
  });
});

describe('the cost meter', () => {
  const usage = { inputTokens: 12_000, outputTokens: 800, cacheReadTokens: 40_000, cacheCreationTokens: 3_000 };
  const setup = () => {
    const model = new ConversationModel(() => undefined);
    model.apply({
      type: 'conversation_state',
      conversationId: 'c1',
      title: '',
      transcript: [],
      run: { status: 'idle' },
      totals: { runs: 2, usage, costUsd: 0.4123, runsWithoutPrice: 0 },
    });
    model.apply({ type: 'run_state', conversationId: 'c1', run: { status: 'running', runId: 'r3' } });
    const event = (e: Parameters<ConversationModel['apply']>[0] & { type: 'agent_event' }) => model.apply(e);
    return { model, event };
  };

  it('shows this run’s tokens and estimated cost against its budget, and the conversation’s totals', () => {
    const { model, event } = setup();
    event({ type: 'agent_event', conversationId: 'c1', runId: 'r3', event: { type: 'usage', usage, total: usage } });
    event({
      type: 'agent_event',
      conversationId: 'c1',
      runId: 'r3',
      event: { type: 'run_cost', model: 'claude-sonnet-4-5', usage, requests: 3, costUsd: 0.0561, budget: { maxCostUsd: 0.5 } },
    });
    const out = render(<RunStatus model={model} onOpenSettings={() => undefined} />);
    expect(out).toContain('This run: 55,800 tokens (12,000 in, 800 out, 40,000 cache reads, 3,000 cache writes) · $0.056 · budget $0.50');
    expect(out).toContain('This conversation: 2 runs · 55,800 tokens · $0.41');
  });

  it('says a cost is unknown rather than $0 when the model has no price', () => {
    const { model, event } = setup();
    event({ type: 'agent_event', conversationId: 'c1', runId: 'r3', event: { type: 'usage', usage, total: usage } });
    event({ type: 'agent_event', conversationId: 'c1', runId: 'r3', event: { type: 'run_cost', model: 'local-llama', usage, requests: 1 } });
    expect(render(<RunStatus model={model} onOpenSettings={() => undefined} />)).toContain(
      'cost — (no price for local-llama: add one in Settings → Cost and context)',
    );
  });

  it('gives one figure per conversation that agrees with its runs: $0 for runs that used nothing, "—" only where no price exists', () => {
    expect(conversationCostLine({ runs: 2, usage, costUsd: 0.4123, runsWithoutPrice: 0 })).toBe('This conversation: 2 runs · 55,800 tokens · $0.41');
    expect(conversationCostLine({ runs: 2, usage, costUsd: 0, runsWithoutPrice: 2 })).toBe(
      'This conversation: 2 runs · 55,800 tokens · cost — (no price for its model)',
    );
    expect(conversationCostLine({ runs: 3, usage, costUsd: 0.2, runsWithoutPrice: 1 })).toBe(
      'This conversation: 3 runs · 55,800 tokens · at least $0.20 (1 run with no price)',
    );
    // A failed run that used no tokens costs $0, even for a model without a price.
    const none = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0 };
    expect(runCostLine(none, { model: 'local-llama', usage: none, requests: 0 })).toBe('This run: 0 tokens (0 in, 0 out) · $0');
  });

  it('shows no meter for a run that used nothing, and no conversation line that would only repeat a single run', () => {
    const model = new ConversationModel(() => undefined);
    const none = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheCreationTokens: 0 };
    model.apply({
      type: 'conversation_state',
      conversationId: 'c1',
      title: '',
      transcript: [],
      run: { status: 'idle', usage: none },
      totals: { runs: 1, usage, costUsd: 0.1, runsWithoutPrice: 0 },
    });
    const out = render(<RunStatus model={model} onOpenSettings={() => undefined} />);
    expect(out).not.toContain('This run');
    expect(out).not.toContain('This conversation');
  });

  it('explains a run stopped at its budget, pointing to Settings', () => {
    const { model, event } = setup();
    event({
      type: 'agent_event',
      conversationId: 'c1',
      runId: 'r3',
      event: {
        type: 'run_finished',
        reason: 'budget',
        error: { code: 'BUDGET_EXCEEDED', message: 'The next step could cost $0.06, past the budget of $0.05.', suggestion: 'Raise the budget.' },
      },
    });
    const out = render(<RunStatus model={model} onOpenSettings={() => undefined} />);
    expect(out).toContain('Stopped at the run budget');
    expect(out).toContain('Open settings');
  });
});
