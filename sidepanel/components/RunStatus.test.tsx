import { render } from 'preact-render-to-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversationModel } from '../models/conversation-model.js';
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
      event: { type: 'run_finished', reason: 'model_error', error: { code: 'RATE_LIMITED', message: 'Too many requests.', suggestion: 'Wait.', retryAfterMs: 30_000 } },
    });
    const first = render(<RunStatus model={model} onOpenSettings={() => undefined} />);
    vi.setSystemTime(new Date(2026, 0, 1, 12, 7, 0));
    const later = render(<RunStatus model={model} onOpenSettings={() => undefined} />);
    expect(first).toMatch(/Try again in about 30 seconds \(at .*12.*00.*30.*\)\./);
    expect(later).toBe(first);
  });
});
