/**
 * The conversation the panel shows: transcript, streaming text, tool calls by tool-use id, run state and
 * the pending permission prompt. `apply` folds worker messages in (loop events through the same fold the
 * worker stores with); the actions send commands.
 */
import { batch, computed, signal } from '@preact/signals';
import type { RunError } from '../../src/runtime/errors.js';
import type { PersonChoiceKind } from '../../src/runtime/permission-types.js';
import type { ConversationTotals, Notice, PanelToWorker, WorkerToPanel } from '../../src/shared/protocol/panel.js';
import { foldAgentEvent } from '../../src/shared/transcript.js';
import { buildDisplayItems, toolCallsFromEntries } from './display-items.js';
import type { PanelAgentEvent, PanelPermissionRequest, RunState, ToolCallView, TranscriptEntry } from './types.js';

export { buildDisplayItems, type DisplayItem } from './display-items.js';

/** A notice as the panel shows it above the chat: the protocol's notice (from the worker or the panel itself), with an id to dismiss it by. */
export type ShownNotice = Omit<Notice, 'type'> & { id: number };

/** Conversation state and actions. `send` is the port client's `send`. */
export class ConversationModel {
  readonly conversationId = signal<string | undefined>(undefined);
  readonly title = signal('');
  readonly tabId = signal<number | undefined>(undefined);
  readonly entries = signal<TranscriptEntry[]>([]);
  readonly streamingText = signal('');
  /** Every tool call by id, as the worker reported it (or queued, when only requested so far). */
  readonly toolCalls = computed<ReadonlyMap<string, ToolCallView>>(() => toolCallsFromEntries(this.entries.value));
  readonly run = signal<RunState>({ status: 'idle' });
  /** What the conversation's finished runs used together. */
  readonly totals = signal<ConversationTotals | undefined>(undefined);
  /** Why the last run ended, when it ended other than by finishing its turn. */
  readonly lastStopReason = signal<string | undefined>(undefined);
  readonly pendingPermission = signal<PanelPermissionRequest | undefined>(undefined);
  readonly notices = signal<ShownNotice[]>([]);
  /** The message box's text. */
  readonly draft = signal('');
  /** The reason typed in the permission prompt (sent with Deny). */
  readonly denyReason = signal('');

  readonly items = computed(() => buildDisplayItems(this.entries.value));
  /**
   * Tool calls as shown: once the run is over, a call still marked running never finished, and the one
   * rule for that (`closeUnfinishedCalls`) applies, so nothing spins forever.
   */
  readonly displayCalls = computed<ReadonlyMap<string, ToolCallView>>(() =>
    this.run.value.status === 'running' ? this.toolCalls.value : toolCallsFromEntries(this.entries.value, 'run_ended'),
  );
  readonly isRunning = computed(() => this.run.value.status === 'running');
  /** Messages the person sent while the run works, waiting for its next turn boundary (shown as queued). */
  readonly queued = computed(() => this.run.value.queued ?? []);
  readonly runError = computed<RunError | undefined>(() => this.run.value.error);
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
  private nextLocalId = 1;

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
    if (
      message.type === 'conversation_state' ||
      message.type === 'run_state' ||
      (message.type === 'agent_event' && message.conversationId === this.conversationId.value)
    ) {
      this.awaitingRunStart = false;
    }
    switch (message.type) {
      case 'conversation_state':
        batch(() => {
          this.conversationId.value = message.conversationId;
          this.title.value = message.title;
          this.tabId.value = message.tabId;
          this.entries.value = this.withUnconfirmedMessage(message.conversationId, message.transcript);
          this.streamingText.value = '';
          this.setRun(message.run);
          this.lastStopReason.value = message.run.status === 'interrupted' ? 'interrupted' : undefined;
          this.pendingPermission.value = message.pendingPermission;
          this.totals.value = message.totals;
        });
        return;
      case 'agent_event':
        if (message.conversationId === this.conversationId.value) this.applyEvent(message.event);
        return;
      case 'run_state':
        if (message.conversationId === this.conversationId.value) {
          this.setRun(message.run);
          if (message.totals) this.totals.value = message.totals;
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
      case 'notice':
        this.addNotice(message);
        if (message.level === 'error' && this.awaitingRunStart) {
          // The worker refused to start the run (e.g. invalid settings): do not leave "Working…" spinning.
          this.awaitingRunStart = false;
          this.unconfirmedMessage = undefined;
          this.setRun({ ...this.run.value, status: 'idle' });
        }
        return;
      case 'queue_returned':
        if (message.conversationId === this.conversationId.value) {
          // Not sent (the run was stopped): back in the message box, nothing lost.
          this.draft.value = [...message.texts, this.draft.value].filter((text) => text.trim() !== '').join('\n\n');
          this.setRun({ ...this.run.value, queued: undefined });
          this.addNotice({
            level: 'info',
            code: 'QUEUE_RETURNED',
            message: 'The run stopped before your queued message was delivered.',
            suggestion: 'It is back in the message box: send it again when you are ready.',
          });
        }
        return;
      case 'mcp_states': // Settings' MCP model shows these
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
  addNotice(notice: Omit<Notice, 'type'>): void {
    const others = this.notices.value.filter((existing) => existing.code !== notice.code);
    this.notices.value = [...others, { ...notice, id: this.nextNoticeId++ }];
  }

  dismissNotice(id: number): void {
    this.notices.value = this.notices.value.filter((notice) => notice.id !== id);
  }

  /**
   * Sends the person's message; shown at once, the worker's state confirms it. While a run works it is
   * queued for the run's next turn boundary; with `interrupt` ("Stop and send") the run is stopped first.
   */
  sendMessage(text: string, options: { interrupt?: boolean } = {}): boolean {
    const conversationId = this.conversationId.value;
    const trimmed = text.trim();
    if (conversationId === undefined || trimmed === '') return false;
    if (this.isRunning.value) {
      // Shown as queued at once; the worker's run state replaces this with its own queue.
      this.setRun({ ...this.run.value, queued: [...this.queued.value, { id: `local:${this.nextLocalId++}`, text: trimmed }] });
      this.send({ type: 'send_message', conversationId, text: trimmed, whileRunning: true, ...(options.interrupt ? { interrupt: true } : {}) });
      return true;
    }
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

  /**
   * Runs a shortcut (`/name` + Enter): the worker fills its prompt from the tab and sends it, and the
   * filled prompt comes back as the person's message. The message box is cleared.
   */
  runShortcut(shortcutId: string): boolean {
    const conversationId = this.conversationId.value;
    if (conversationId === undefined) return false;
    if (!this.isRunning.value) {
      batch(() => {
        this.setRun({ ...this.run.value, status: 'running', error: undefined });
        this.lastStopReason.value = undefined;
        this.streamingText.value = '';
      });
      this.awaitingRunStart = true;
    }
    this.send({ type: 'run_shortcut', conversationId, shortcutId });
    this.draft.value = '';
    return true;
  }

  /** Sends the message box's text and clears it ("Stop and send" with `interrupt`). */
  submitDraft(options: { interrupt?: boolean } = {}): boolean {
    const sent = this.sendMessage(this.draft.value, options);
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
  respondToPermission(choice: PersonChoiceKind, reason?: string): void {
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

  private applyEvent(event: PanelAgentEvent): void {
    batch(() => {
      const folded = foldAgentEvent(this.entries.value, event);
      if (folded.entries !== this.entries.value) this.entries.value = folded.entries;
      switch (event.type) {
        case 'turn_started':
        case 'assistant_message':
          this.streamingText.value = '';
          return;
        case 'text_delta':
          this.streamingText.value += event.text;
          return;
        case 'person_message':
          // Delivered: it is in the transcript now, no longer waiting.
          this.setRun({ ...this.run.value, queued: this.queued.value.filter((queued) => queued.id !== event.id) });
          return;
        case 'tool_call_finished':
          if (this.pendingPermission.value?.toolUseId === event.toolUseId) this.pendingPermission.value = undefined;
          return;
        case 'usage':
          this.setRun({ ...this.run.value, usage: event.total });
          return;
        case 'run_cost': {
          const { type: _type, ...cost } = event;
          this.setRun({ ...this.run.value, cost });
          return;
        }
        case 'run_finished':
          this.finishRun(event);
          return;
        default:
          return;
      }
    });
  }

  private finishRun(event: Extract<PanelAgentEvent, { type: 'run_finished' }>): void {
    // The run that carried the message is over: any later state is authoritative.
    this.unconfirmedMessage = undefined;
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
  }
}

function sameError(a: RunError | undefined, b: RunError): boolean {
  return a !== undefined && a.code === b.code && a.message === b.message && a.retryAfterMs === b.retryAfterMs;
}
