/**
 * The conversation the panel shows: transcript, streaming text, tool calls by tool-use id, run state and
 * the pending permission prompt. `apply` folds worker messages in; the actions send commands.
 */
import { batch, computed, signal } from '@preact/signals';
import type { PanelToWorker, WorkerToPanel } from '../../src/shared/protocol.js';
import type { RunErrorPayload } from '../lib/provider-errors.js';
import type { PanelAgentEvent, PanelPermissionRequest, RunState, ToolCallView, TranscriptEntry } from './types.js';

/** One row of the chat as rendered. */
export type DisplayItem =
  | { kind: 'person'; key: string; text: string }
  | { kind: 'assistant'; key: string; text: string }
  /** Consecutive calls of one tool (from one assistant turn): one call, or a parallel group. */
  | { kind: 'tools'; key: string; name: string; toolUseIds: string[] };

/** The state of an "Open full result" request. */
export type FullResultState = { status: 'loading' } | { status: 'loaded'; content: string } | { status: 'error'; message: string };

/** A worker notice shown above the chat. */
export interface Notice {
  id: number;
  level: 'info' | 'error';
  code: string;
  message: string;
  suggestion: string;
}

type FinishedEvent = Extract<PanelAgentEvent, { type: 'tool_call_finished' }>;

const isPersonMessage = (message: Extract<TranscriptEntry, { kind: 'message' }>['message']): boolean =>
  message.role === 'user' && message.content.length > 0 && message.content.every((block) => block.type === 'text');

/**
 * Orders the transcript for display. Tool calls appear where the assistant asked for them (its tool_use
 * blocks); tool_call entries with no tool_use block (older transcripts) appear where they are stored.
 * User messages that carry tool results or tool-added images are not the person's words and are not shown.
 */
export function buildDisplayItems(entries: readonly TranscriptEntry[]): DisplayItem[] {
  const items: DisplayItem[] = [];
  const placed = new Set<string>();
  const addCall = (id: string, name: string, groupKey: string): void => {
    placed.add(id);
    const last = items.at(-1);
    if (last?.kind === 'tools' && last.name === name && last.key.startsWith(groupKey)) last.toolUseIds.push(id);
    else items.push({ kind: 'tools', key: `${groupKey}:${id}`, name, toolUseIds: [id] });
  };
  entries.forEach((entry, index) => {
    if (entry.kind === 'tool_call') {
      if (!placed.has(entry.toolUseId)) addCall(entry.toolUseId, entry.name, 'loose');
      return;
    }
    const { message } = entry;
    if (message.role === 'user') {
      if (isPersonMessage(message)) {
        items.push({ kind: 'person', key: `m${index}`, text: message.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n') });
      }
      return;
    }
    message.content.forEach((block, blockIndex) => {
      if (block.type === 'text') {
        if (block.text.trim() === '') return;
        const last = items.at(-1);
        if (last?.kind === 'assistant' && last.key.startsWith(`m${index}:`)) last.text += `\n\n${block.text}`;
        else items.push({ kind: 'assistant', key: `m${index}:${blockIndex}`, text: block.text });
      } else if (block.type === 'tool_use') {
        addCall(block.id, block.name, `m${index}`);
      }
    });
  });
  return items;
}

type ImageContent = Extract<NonNullable<ToolCallView['content']>[number], { type: 'image' }>;

/**
 * Images tools add after their results (`newMessages`, e.g. screenshot), matched to the calls that
 * made them: within one assistant turn, the n-th tool-added image message belongs to the n-th call
 * of an image-making tool. Only the panel uses this; the model's transcript is untouched.
 */
export function toolImagesFromEntries(entries: readonly TranscriptEntry[], imageTools: ReadonlySet<string> = new Set(['screenshot'])): Map<string, ImageContent[]> {
  const images = new Map<string, ImageContent[]>();
  let queue: string[] = [];
  for (const entry of entries) {
    if (entry.kind !== 'message') continue;
    const { message } = entry;
    if (message.role === 'assistant') {
      queue = message.content.flatMap((block) => (block.type === 'tool_use' && imageTools.has(block.name) ? [block.id] : []));
      continue;
    }
    if (message.content.some((block) => block.type === 'tool_result')) continue;
    const found = message.content.filter((block): block is ImageContent => block.type === 'image');
    if (found.length === 0) continue;
    const owner = queue.shift();
    if (owner !== undefined) images.set(owner, found);
  }
  return images;
}

function toolCallsFromEntries(entries: readonly TranscriptEntry[]): Map<string, ToolCallView> {
  const calls = new Map<string, ToolCallView>();
  for (const entry of entries) {
    if (entry.kind === 'tool_call') {
      const { kind: _kind, ...view } = entry;
      calls.set(entry.toolUseId, view);
    } else if (entry.message.role === 'assistant') {
      for (const block of entry.message.content) {
        if (block.type === 'tool_use' && !calls.has(block.id)) {
          // Known only from the model's request: not started yet (or the worker has not reported it).
          calls.set(block.id, { toolUseId: block.id, name: block.name, input: block.input, description: '', status: 'running', queued: true });
        }
      }
    }
  }
  return calls;
}

/** Conversation state and actions. `send` is the port client's `send`. */
export class ConversationModel {
  readonly conversationId = signal<string | undefined>(undefined);
  readonly title = signal('');
  readonly tabId = signal<number | undefined>(undefined);
  readonly entries = signal<TranscriptEntry[]>([]);
  readonly streamingText = signal('');
  readonly toolCalls = signal<ReadonlyMap<string, ToolCallView>>(new Map());
  readonly run = signal<RunState>({ status: 'idle' });
  /** Why the last run ended, when it ended other than by finishing its turn. */
  readonly lastStopReason = signal<string | undefined>(undefined);
  readonly pendingPermission = signal<PanelPermissionRequest | undefined>(undefined);
  readonly notices = signal<Notice[]>([]);
  readonly fullResults = signal<Readonly<Record<string, FullResultState>>>({});
  /** The message box's text. */
  readonly draft = signal('');
  /** The reason typed in the permission prompt (sent with Deny). */
  readonly denyReason = signal('');

  readonly items = computed(() => buildDisplayItems(this.entries.value));
  /**
   * Tool calls as shown: once the run is over, a call still marked running never finished (the run
   * ended or was cut off first), so it is shown as cancelled rather than spinning forever.
   */
  readonly displayCalls = computed<ReadonlyMap<string, ToolCallView>>(() => {
    const calls = this.toolCalls.value;
    const running = this.run.value.status === 'running';
    let changed: Map<string, ToolCallView> | undefined;
    for (const [id, images] of toolImagesFromEntries(this.entries.value)) {
      const call = (changed ?? calls).get(id);
      if (!call || (call.content ?? []).some((block) => block.type === 'image')) continue;
      changed ??= new Map(calls);
      changed.set(id, { ...call, content: [...(call.content ?? []), ...images] });
    }
    if (running) return changed ?? calls;
    for (const [id, call] of changed ?? calls) {
      if (call.status !== 'running') continue;
      changed ??= new Map(calls);
      changed.set(id, {
        ...call,
        status: 'cancelled',
        // The person-facing advice for NOT_FINISHED is in the view (personLine): this error never reaches the model.
        error: call.error ?? { code: 'NOT_FINISHED', message: 'The run ended before this call finished.', suggestion: '' },
      });
    }
    return changed ?? calls;
  });
  readonly isRunning = computed(() => this.run.value.status === 'running');
  readonly runError = computed<RunErrorPayload | undefined>(() => this.run.value.error);
  /**
   * When the run error's `retryAfterMs` runs out, as epoch ms: fixed when the error arrives, so the
   * "(at 14:05:10)" the card shows does not drift with each re-render (undefined without a wait).
   */
  readonly runErrorRetryAt = signal<number | undefined>(undefined);

  /**
   * The person's message sent but not yet seen in a `conversation_state`: a state that was built before
   * the worker took the message (e.g. the re-bind after a worker restart) must not make it vanish.
   */
  private unconfirmedMessage: { conversationId: string; text: string } | undefined;
  /** True from a send/resume until the worker reports on the run: a refusal (notice) then ends the wait. */
  private awaitingRunStart = false;
  private nextNoticeId = 1;
  private nextRequestId = 1;
  private readonly storedRequests = new Map<string, string>();

  /** `now` is the clock the retry time is taken from (injectable for tests). */
  constructor(
    private readonly send: (message: PanelToWorker) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Sets the run state and, when a new error with a wait arrives, its absolute retry time. The same
   * error sent again (a re-sent state, a usage update) keeps the time taken when it first arrived.
   */
  private setRun(run: RunState): void {
    const error = run.error;
    const previous = this.run.value.error;
    batch(() => {
      if (error?.retryAfterMs === undefined || error.retryAfterMs <= 0) {
        this.runErrorRetryAt.value = undefined;
      } else if (this.runErrorRetryAt.value === undefined || !sameError(previous, error)) {
        this.runErrorRetryAt.value = this.now() + error.retryAfterMs;
      }
      this.run.value = run;
    });
  }

  /** Folds one validated worker message into the state. */
  apply(message: WorkerToPanel): void {
    if (message.type === 'conversation_state' || message.type === 'run_state' || (message.type === 'agent_event' && message.conversationId === this.conversationId.value)) {
      this.awaitingRunStart = false;
    }
    switch (message.type) {
      case 'conversation_state':
        batch(() => {
          this.conversationId.value = message.conversationId;
          this.title.value = message.title;
          this.tabId.value = message.tabId;
          this.entries.value = this.withUnconfirmedMessage(message.conversationId, message.transcript);
          this.toolCalls.value = toolCallsFromEntries(message.transcript);
          this.streamingText.value = '';
          this.setRun(message.run);
          this.lastStopReason.value = message.run.status === 'interrupted' ? 'interrupted' : undefined;
          this.pendingPermission.value = message.pendingPermission;
        });
        return;
      case 'agent_event':
        if (message.conversationId === this.conversationId.value) this.applyEvent(message.event);
        return;
      case 'run_state':
        if (message.conversationId === this.conversationId.value) {
          this.setRun(message.run);
          if (message.run.status === 'running') this.lastStopReason.value = undefined;
        }
        return;
      case 'permission_request':
        if (message.conversationId === this.conversationId.value) this.pendingPermission.value = message.request;
        return;
      case 'permission_resolved':
        if (message.conversationId === this.conversationId.value && this.pendingPermission.value?.toolUseId === message.toolUseId) {
          this.pendingPermission.value = undefined;
        }
        return;
      case 'stored_result': {
        const storedId = this.storedRequests.get(message.requestId);
        if (storedId === undefined) return;
        this.storedRequests.delete(message.requestId);
        const state: FullResultState =
          message.content !== undefined
            ? { status: 'loaded', content: message.content }
            : { status: 'error', message: message.error ? `${message.error.message} ${message.error.suggestion}` : 'The stored result could not be read.' };
        this.fullResults.value = { ...this.fullResults.value, [storedId]: state };
        return;
      }
      case 'notice':
        this.addNotice(message);
        if (message.level === 'error' && this.awaitingRunStart) {
          // The worker refused to start the run (e.g. invalid settings): do not leave "Working…" spinning.
          this.awaitingRunStart = false;
          this.unconfirmedMessage = undefined;
          this.setRun({ ...this.run.value, status: 'idle' });
        }
        return;
      case 'conversations':
        return; // the conversations model handles the list
    }
  }

  private withUnconfirmedMessage(conversationId: string, transcript: TranscriptEntry[]): TranscriptEntry[] {
    const pending = this.unconfirmedMessage;
    if (pending === undefined) return transcript;
    if (pending.conversationId !== conversationId) return transcript;
    const people = buildDisplayItems(transcript).filter((item) => item.kind === 'person');
    if (people.at(-1)?.text === pending.text) {
      this.unconfirmedMessage = undefined;
      return transcript;
    }
    return [...transcript, { kind: 'message', message: { role: 'user', content: [{ type: 'text', text: pending.text }] } }];
  }

  /** Shows a notice; the same code replaces an older one rather than stacking. */
  addNotice(notice: Omit<Notice, 'id'>): void {
    const others = this.notices.value.filter((existing) => existing.code !== notice.code);
    this.notices.value = [...others, { ...notice, id: this.nextNoticeId++ }];
  }

  dismissNotice(id: number): void {
    this.notices.value = this.notices.value.filter((notice) => notice.id !== id);
  }

  /** Sends the person's message; shown at once, the worker's state confirms it. */
  sendMessage(text: string): boolean {
    const conversationId = this.conversationId.value;
    const trimmed = text.trim();
    if (conversationId === undefined || trimmed === '' || this.isRunning.value) return false;
    batch(() => {
      this.entries.value = [...this.entries.value, { kind: 'message', message: { role: 'user', content: [{ type: 'text', text: trimmed }] } }];
      this.setRun({ ...this.run.value, status: 'running', error: undefined });
      this.lastStopReason.value = undefined;
      this.streamingText.value = '';
    });
    this.awaitingRunStart = true;
    this.unconfirmedMessage = { conversationId, text: trimmed };
    this.send({ type: 'send_message', conversationId, text: trimmed });
    return true;
  }

  /** Sends the message box's text and clears it. */
  submitDraft(): boolean {
    const sent = this.sendMessage(this.draft.value);
    if (sent) this.draft.value = '';
    return sent;
  }

  /** Interrupts the run (the runtime's interrupt: cancellable calls stop, blocking ones finish). */
  stop(): void {
    const conversationId = this.conversationId.value;
    if (conversationId !== undefined) this.send({ type: 'stop', conversationId });
  }

  resume(): void {
    const conversationId = this.conversationId.value;
    if (conversationId === undefined) return;
    this.setRun({ ...this.run.value, status: 'running', error: undefined });
    this.lastStopReason.value = undefined;
    this.awaitingRunStart = true;
    this.send({ type: 'resume', conversationId });
  }

  /** Answers the pending permission prompt; the reason goes to the model with a deny. */
  respondToPermission(choice: 'allow_once' | 'allow_always' | 'deny', reason?: string): void {
    const conversationId = this.conversationId.value;
    const request = this.pendingPermission.value;
    if (conversationId === undefined || request === undefined) return;
    const trimmed = reason?.trim();
    this.send({
      type: 'permission_response',
      conversationId,
      toolUseId: request.toolUseId,
      choice,
      ...(choice === 'deny' && trimmed ? { reason: trimmed.slice(0, 2_000) } : {}),
    });
    this.pendingPermission.value = undefined;
    this.denyReason.value = '';
  }

  /** Fetches an over-budget result from the worker's store. */
  openFullResult(storedId: string): void {
    const current = this.fullResults.value[storedId];
    if (current?.status === 'loading' || current?.status === 'loaded') return;
    const requestId = `r${this.nextRequestId++}`;
    this.storedRequests.set(requestId, storedId);
    this.fullResults.value = { ...this.fullResults.value, [storedId]: { status: 'loading' } };
    this.send({ type: 'read_stored_result', requestId, storedId });
  }

  private updateCall(toolUseId: string, update: (call: ToolCallView | undefined) => ToolCallView): void {
    const next = new Map(this.toolCalls.value);
    next.set(toolUseId, update(next.get(toolUseId)));
    this.toolCalls.value = next;
  }

  private ensurePlaced(toolUseId: string, name: string, input: unknown, description: string): void {
    const placed = this.entries.value.some((entry) =>
      entry.kind === 'tool_call'
        ? entry.toolUseId === toolUseId
        : entry.message.content.some((block) => block.type === 'tool_use' && block.id === toolUseId),
    );
    if (!placed) this.entries.value = [...this.entries.value, { kind: 'tool_call', toolUseId, name, input, description, status: 'running' }];
  }

  private applyEvent(event: PanelAgentEvent): void {
    switch (event.type) {
      case 'turn_started':
        this.streamingText.value = '';
        return;
      case 'text_delta':
        this.streamingText.value += event.text;
        return;
      case 'assistant_message':
        batch(() => {
          this.entries.value = [...this.entries.value, { kind: 'message', message: event.message }];
          this.streamingText.value = '';
          const next = new Map(this.toolCalls.value);
          for (const block of event.message.content) {
            if (block.type === 'tool_use' && !next.has(block.id)) {
              next.set(block.id, { toolUseId: block.id, name: block.name, input: block.input, description: '', status: 'running', queued: true });
            }
          }
          this.toolCalls.value = next;
        });
        return;
      case 'tool_call_started':
        batch(() => {
          this.ensurePlaced(event.toolUseId, event.name, event.input, event.description);
          this.updateCall(event.toolUseId, (call) => ({
            ...call,
            toolUseId: event.toolUseId,
            name: event.name,
            input: event.input,
            description: event.description,
            status: 'running',
            queued: false,
          }));
        });
        return;
      case 'tool_call_progress':
        this.updateCall(event.toolUseId, (call) => ({
          ...(call ?? { toolUseId: event.toolUseId, name: 'unknown', input: undefined, description: '', status: 'running' as const }),
          progress: event.progress,
        }));
        return;
      case 'tool_call_finished':
        batch(() => {
          this.ensurePlaced(event.toolUseId, event.name, undefined, '');
          this.updateCall(event.toolUseId, (call) => finishedCall(call, event));
          if (this.pendingPermission.value?.toolUseId === event.toolUseId) this.pendingPermission.value = undefined;
        });
        return;
      case 'tool_results':
        this.entries.value = [...this.entries.value, ...event.messages.map((message) => ({ kind: 'message' as const, message }))];
        return;
      case 'usage':
        this.setRun({ ...this.run.value, usage: event.total });
        return;
      case 'run_finished':
        // The run that carried the message is over: any later state is authoritative.
        this.unconfirmedMessage = undefined;
        batch(() => {
          this.lastStopReason.value = event.reason === 'end_turn' ? undefined : event.reason;
          if (this.streamingText.value !== '') {
            // Text streamed but never completed into a message (stopped mid-stream): keep what arrived.
            const text = this.streamingText.value;
            this.entries.value = [...this.entries.value, { kind: 'message', message: { role: 'assistant', content: [{ type: 'text', text }] } }];
            this.streamingText.value = '';
          }
          const status: RunState['status'] = event.error ? 'error' : event.reason === 'interrupted' ? 'interrupted' : 'idle';
          this.setRun({ ...this.run.value, status, error: event.error });
          this.pendingPermission.value = undefined;
        });
        return;
    }
  }
}

function sameError(a: RunErrorPayload | undefined, b: RunErrorPayload): boolean {
  return a !== undefined && a.code === b.code && a.message === b.message && a.retryAfterMs === b.retryAfterMs;
}

function finishedCall(call: ToolCallView | undefined, event: FinishedEvent): ToolCallView {
  const { progress: _progress, queued: _queued, ...rest } = call ?? { toolUseId: event.toolUseId, name: event.name, input: undefined, description: '', status: 'running' as const };
  return {
    ...rest,
    name: event.name,
    status: event.status,
    content: event.content,
    output: event.output,
    error: event.error,
    persisted: event.persisted,
    permission: event.permission,
  };
}
