import { describe, expect, it } from 'vitest';
import type { PanelToWorker, WorkerToPanel } from '../../src/shared/protocol/panel.js';
import { ConversationModel, buildDisplayItems } from './conversation-model.js';
import type { TranscriptEntry } from './types.js';

type AgentEvent = Extract<WorkerToPanel, { type: 'agent_event' }>['event'];

function setup() {
  const sent: PanelToWorker[] = [];
  const model = new ConversationModel((message) => sent.push(message));
  model.apply({ type: 'conversation_state', conversationId: 'c1', title: 'Chat', tabId: 3, transcript: [], run: { status: 'idle' } });
  const event = (e: AgentEvent, conversationId = 'c1') => model.apply({ type: 'agent_event', conversationId, runId: 'r1', event: e });
  return { model, sent, event };
}

const assistantWithTools = (...calls: { id: string; name: string }[]): AgentEvent => ({
  type: 'assistant_message',
  message: {
    role: 'assistant',
    content: [{ type: 'text', text: 'Looking.' }, ...calls.map((c) => ({ type: 'tool_use' as const, id: c.id, name: c.name, input: {} }))],
  },
});

describe('ConversationModel', () => {
  it('streams text, then replaces the stream with the finished message', () => {
    const { model, event } = setup();
    event({ type: 'turn_started', turn: 1 });
    event({ type: 'text_delta', text: 'Hel' });
    event({ type: 'text_delta', text: 'lo' });
    expect(model.streamingText.value).toBe('Hello');
    event({ type: 'assistant_message', message: { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] } });
    expect(model.streamingText.value).toBe('');
    expect(model.items.value).toEqual([{ kind: 'assistant', key: 'm0:0', text: 'Hello' }]);
  });

  it('ignores events of another conversation', () => {
    const { model, event } = setup();
    event({ type: 'text_delta', text: 'elsewhere' }, 'c2');
    expect(model.streamingText.value).toBe('');
  });

  it('tracks tool calls by id through started, progress and finished', () => {
    const { model, event } = setup();
    event(assistantWithTools({ id: 't1', name: 'wait_for' }));
    expect(model.toolCalls.value.get('t1')?.queued).toBe(true);
    event({ type: 'tool_call_started', toolUseId: 't1', name: 'wait_for', input: { seconds: 5 }, description: 'Wait 5 s' });
    event({ type: 'tool_call_progress', toolUseId: 't1', progress: { elapsedMs: 1000, totalMs: 5000 } });
    expect(model.toolCalls.value.get('t1')).toMatchObject({ status: 'running', description: 'Wait 5 s', progress: { elapsedMs: 1000 } });
    expect(model.toolCalls.value.get('t1')?.queued).toBeUndefined();
    event({
      type: 'tool_call_finished',
      toolUseId: 't1',
      name: 'wait_for',
      status: 'cancelled',
      content: [{ type: 'text', text: 'cancelled' }],
      isError: true,
      error: { code: 'CANCELLED', message: 'Stopped', suggestion: 'Ask again' },
      durationMs: 10,
    });
    const call = model.toolCalls.value.get('t1');
    expect(call?.status).toBe('cancelled');
    expect(call?.error?.code).toBe('CANCELLED');
    expect(call?.progress).toBeUndefined();
  });

  it('groups consecutive calls of one tool from one assistant turn, and places calls it never saw requested', () => {
    const { model, event } = setup();
    event(assistantWithTools({ id: 'a', name: 'read_page' }, { id: 'b', name: 'read_page' }, { id: 'c', name: 'click' }));
    event({ type: 'tool_call_started', toolUseId: 'x', name: 'find', input: { query: 'q' }, description: 'Find q' });
    expect(model.items.value.map((item) => (item.kind === 'tools' ? item.toolUseIds : item.kind))).toEqual(['assistant', ['a', 'b'], ['c'], ['x']]);
    expect(model.toolCalls.value.get('a')?.status).toBe('running');
  });

  it('shows the person’s words but not tool-result or tool-image user messages', () => {
    const entries: TranscriptEntry[] = [
      { kind: 'message', message: { role: 'user', content: [{ type: 'text', text: 'Summarize' }] } },
      { kind: 'message', message: { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'screenshot', input: {} }] } },
      { kind: 'message', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: [{ type: 'text', text: 'ok' }] }] } },
      { kind: 'message', message: { role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AA==' } }] } },
      { kind: 'tool_call', toolUseId: 't', name: 'screenshot', input: {}, description: '', status: 'done' },
    ];
    expect(buildDisplayItems(entries)).toEqual([
      { kind: 'person', key: 'm0', text: 'Summarize' },
      { kind: 'tools', key: 'm1:t', name: 'screenshot', toolUseIds: ['t'] },
    ]);
  });

  it('restores tool-call status from a conversation_state (after a worker restart)', () => {
    const { model } = setup();
    model.apply({
      type: 'conversation_state',
      conversationId: 'c1',
      title: 'Chat',
      transcript: [
        { kind: 'message', message: { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'click', input: { ref: 'e1' } }] } },
        {
          kind: 'tool_call',
          toolUseId: 't',
          name: 'click',
          input: { ref: 'e1' },
          description: 'Click e1',
          status: 'error',
          error: { code: 'INTERRUPTED', message: 'm', suggestion: 's' },
        },
      ],
      run: { status: 'interrupted' },
    });
    expect(model.toolCalls.value.get('t')).toMatchObject({ status: 'error', description: 'Click e1' });
    expect(model.run.value.status).toBe('interrupted');
  });

  it('sends a message, shows it at once, and queues the next one while the run is active', () => {
    const { model, sent } = setup();
    model.draft.value = '  Hi there ';
    expect(model.submitDraft()).toBe(true);
    expect(model.draft.value).toBe('');
    expect(sent).toEqual([{ type: 'send_message', conversationId: 'c1', text: 'Hi there' }]);
    expect(model.items.value).toEqual([{ kind: 'person', key: 'm0', text: 'Hi there' }]);
    expect(model.isRunning.value).toBe(true);
    expect(model.sendMessage('again')).toBe(true);
    expect(sent.at(-1)).toMatchObject({ type: 'send_message', text: 'again', whileRunning: true });
    expect(model.items.value).toHaveLength(1);
  });

  it('keeps a just-sent message when a state built before the worker took it arrives (re-bind after restart)', () => {
    const { model } = setup();
    model.sendMessage('Still there?');
    const older = { type: 'conversation_state' as const, conversationId: 'c1', title: 'Chat', transcript: [], run: { status: 'idle' as const } };
    model.apply(older);
    expect(model.items.value).toEqual([{ kind: 'person', key: 'm0', text: 'Still there?' }]);
    model.apply({ ...older, transcript: [{ kind: 'message', message: { role: 'user', content: [{ type: 'text', text: 'Still there?' }] } }] });
    expect(model.items.value).toHaveLength(1);
    model.apply(older);
    expect(model.items.value).toEqual([]);
  });

  it('answers a permission prompt; the reason goes only with deny', () => {
    const { model, sent } = setup();
    const request = {
      toolUseId: 't9',
      toolName: 'click',
      description: 'Click "Delete"',
      input: { ref: 'e4' },
      site: 'http://a.test',
      why: { type: 'destructive' as const, detail: 'delete' },
      destructive: true,
      choices: ['allow_once' as const, 'allow_always' as const, 'deny' as const],
    };
    model.apply({ type: 'permission_request', conversationId: 'c1', request });
    expect(model.pendingPermission.value?.toolUseId).toBe('t9');
    model.respondToPermission('deny', '  not this one ');
    expect(sent.at(-1)).toEqual({ type: 'permission_response', conversationId: 'c1', toolUseId: 't9', choice: 'deny', reason: 'not this one' });
    expect(model.pendingPermission.value).toBeUndefined();
    model.apply({ type: 'permission_request', conversationId: 'c1', request });
    model.respondToPermission('allow_always', 'ignored');
    expect(sent.at(-1)).toEqual({ type: 'permission_response', conversationId: 'c1', toolUseId: 't9', choice: 'allow_always' });
  });

  it('clears a prompt the worker resolved (answered in another panel)', () => {
    const { model } = setup();
    model.apply({
      type: 'permission_request',
      conversationId: 'c1',
      request: {
        toolUseId: 't1',
        toolName: 'click',
        description: '',
        input: {},
        why: { type: 'tool', detail: 'd' },
        destructive: false,
        choices: ['allow_once', 'deny'],
      },
    });
    model.apply({ type: 'permission_resolved', conversationId: 'c1', toolUseId: 'other' });
    expect(model.pendingPermission.value).toBeDefined();
    model.apply({ type: 'permission_resolved', conversationId: 'c1', toolUseId: 't1' });
    expect(model.pendingPermission.value).toBeUndefined();
  });

  it('records usage, a model error, and an interrupted end', () => {
    const { model, event } = setup();
    model.sendMessage('go');
    const usage = { inputTokens: 10, outputTokens: 5, cacheReadTokens: 3, cacheCreationTokens: 0 };
    event({ type: 'usage', usage, total: usage });
    event({ type: 'run_finished', reason: 'model_error', error: { code: 'RATE_LIMITED', message: 'Slow down', suggestion: 'Wait', retryAfterMs: 20_000 } });
    expect(model.run.value).toMatchObject({ status: 'error', usage, error: { code: 'RATE_LIMITED', retryAfterMs: 20_000 } });
    model.sendMessage('again');
    event({ type: 'text_delta', text: 'partial' });
    event({ type: 'run_finished', reason: 'interrupted' });
    expect(model.run.value.status).toBe('interrupted');
    expect(model.run.value.error).toBeUndefined();
    expect(model.items.value.at(-1)).toMatchObject({ kind: 'assistant', text: 'partial' });
  });

  it('shows calls still marked running after the run ended as cancelled', () => {
    const { model, event } = setup();
    model.sendMessage('go');
    event(assistantWithTools({ id: 'never', name: 'click' }));
    expect(model.displayCalls.value.get('never')?.status).toBe('running');
    event({ type: 'run_finished', reason: 'aborted' });
    expect(model.displayCalls.value.get('never')).toMatchObject({ status: 'cancelled', error: { code: 'NOT_FINISHED' } });
  });

  it('shows the image a screenshot added after its result on that call', () => {
    const { model, event } = setup();
    model.sendMessage('look');
    event(assistantWithTools({ id: 's1', name: 'screenshot' }, { id: 'r1', name: 'read_page' }));
    const image = { type: 'image' as const, source: { type: 'base64' as const, media_type: 'image/png' as const, data: 'AAAA' } };
    event({
      type: 'tool_call_finished',
      toolUseId: 's1',
      name: 'screenshot',
      status: 'done',
      content: [{ type: 'text', text: 'Screenshot of tab 3' }],
      images: [image],
      isError: false,
      durationMs: 5,
    });
    event({
      type: 'tool_results',
      messages: [
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 's1', content: [{ type: 'text', text: 'Screenshot of tab 3' }] }] },
        { role: 'user', content: [{ type: 'text', text: 'Screenshot of tab 3:' }, image] },
      ],
    });
    expect(model.displayCalls.value.get('s1')).toMatchObject({ content: [{ type: 'text', text: 'Screenshot of tab 3' }], images: [image] });
    expect(model.items.value.filter((item) => item.kind === 'person')).toHaveLength(1);
  });

  it('stop and resume send their commands', () => {
    const { model, sent } = setup();
    model.stop();
    model.resume();
    expect(sent).toEqual([
      { type: 'stop', conversationId: 'c1' },
      { type: 'resume', conversationId: 'c1' },
    ]);
    expect(model.isRunning.value).toBe(true);
  });

  it('stops waiting when the worker refuses to start the run with an error notice', () => {
    const { model } = setup();
    model.sendMessage('go');
    model.apply({ type: 'notice', level: 'error', code: 'SETTINGS_INVALID', message: 'Bad settings', suggestion: 'Fix them' });
    expect(model.isRunning.value).toBe(false);
    model.sendMessage('again');
    model.apply({ type: 'run_state', conversationId: 'c1', run: { status: 'running', runId: 'r2' } });
    model.apply({ type: 'notice', level: 'error', code: 'OTHER', message: 'unrelated', suggestion: '' });
    expect(model.isRunning.value).toBe(true);
  });

  it('keeps one notice per code', () => {
    const { model } = setup();
    const notice = { type: 'notice' as const, level: 'error' as const, code: 'SETTINGS_INVALID', message: 'a', suggestion: 'b' };
    model.apply(notice);
    model.apply({ ...notice, message: 'c' });
    expect(model.notices.value.map((n) => n.message)).toEqual(['c']);
    model.dismissNotice(model.notices.value[0]?.id ?? -1);
    expect(model.notices.value).toEqual([]);
  });
});

describe('ConversationModel run error retry time', () => {
  const rateLimited = { code: 'RATE_LIMITED', message: 'Too many requests.', suggestion: 'Wait.', retryAfterMs: 30_000 };

  it('fixes the retry time when the error arrives and keeps it when the same error is sent again', () => {
    let clock = 1_000_000;
    const model = new ConversationModel(
      () => undefined,
      () => clock,
    );
    model.apply({ type: 'conversation_state', conversationId: 'c1', title: '', transcript: [], run: { status: 'idle' } });
    model.apply({ type: 'agent_event', conversationId: 'c1', runId: 'r1', event: { type: 'run_finished', reason: 'model_error', error: rateLimited } });
    expect(model.runErrorRetryAt.value).toBe(1_030_000);
    clock += 20_000;
    model.apply({ type: 'run_state', conversationId: 'c1', run: { status: 'error', error: rateLimited } });
    model.apply({ type: 'conversation_state', conversationId: 'c1', title: '', transcript: [], run: { status: 'error', error: rateLimited } });
    expect(model.runErrorRetryAt.value).toBe(1_030_000);
    // A new run clears it; the next rate limit is timed from its own arrival.
    model.sendMessage('again');
    expect(model.runErrorRetryAt.value).toBeUndefined();
    model.apply({ type: 'agent_event', conversationId: 'c1', runId: 'r2', event: { type: 'run_finished', reason: 'model_error', error: rateLimited } });
    expect(model.runErrorRetryAt.value).toBe(1_050_000);
  });

  it('has no retry time for an error without a wait', () => {
    const model = new ConversationModel(
      () => undefined,
      () => 5,
    );
    model.apply({
      type: 'conversation_state',
      conversationId: 'c1',
      title: '',
      transcript: [],
      run: { status: 'error', error: { code: 'AUTH', message: 'm', suggestion: 's' } },
    });
    expect(model.runErrorRetryAt.value).toBeUndefined();
  });
});

describe('ConversationModel while a run works (steering)', () => {
  function running() {
    const harness = setup();
    harness.model.apply({ type: 'run_state', conversationId: 'c1', run: { status: 'running', runId: 'r1' } });
    return harness;
  }

  it('queues a message sent mid-run: shown as queued, not in the transcript, sent as such', () => {
    const { model, sent } = running();
    model.draft.value = 'the other button';
    expect(model.submitDraft()).toBe(true);
    expect(model.draft.value).toBe('');
    expect(model.queued.value.map((q) => q.text)).toEqual(['the other button']);
    expect(model.items.value).toEqual([]);
    expect(sent.at(-1)).toEqual({ type: 'send_message', conversationId: 'c1', text: 'the other button', whileRunning: true });
  });

  it('takes the worker’s queue, and moves a delivered message from the queue into the transcript', () => {
    const { model, event } = running();
    model.apply({ type: 'run_state', conversationId: 'c1', run: { status: 'running', runId: 'r1', queued: [{ id: 'r1:q1', text: 'blue' }] } });
    expect(model.queued.value).toEqual([{ id: 'r1:q1', text: 'blue' }]);
    event({ type: 'person_message', id: 'r1:q1', text: 'blue' });
    expect(model.queued.value).toEqual([]);
    expect(model.items.value).toEqual([{ kind: 'person', key: 'm0', text: 'blue' }]);
  });

  it('Stop and send sends with interrupt', () => {
    const { model, sent } = running();
    model.draft.value = 'stop, do this';
    model.submitDraft({ interrupt: true });
    expect(sent.at(-1)).toMatchObject({ type: 'send_message', text: 'stop, do this', interrupt: true });
  });

  it('puts messages the run never delivered back in the message box', () => {
    const { model } = running();
    model.draft.value = 'half typed';
    model.apply({ type: 'queue_returned', conversationId: 'c1', texts: ['first', 'second'] });
    expect(model.draft.value).toBe('first\n\nsecond\n\nhalf typed');
    expect(model.notices.value.map((n) => n.code)).toContain('QUEUE_RETURNED');
  });
});
