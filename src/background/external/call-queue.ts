/**
 * The "model" of a run a coding agent drives: each turn of the agent loop asks it for the next
 * assistant message, and it answers with the tool calls the MCP client has sent since (several at once
 * when they came together, so reads run side by side as the panel's do). The loop then runs them through
 * the same executor, prompts, ledger and budget as any run. When the client goes away the next turn is
 * an empty message, and the run ends as a model's run ends when it has nothing more to do.
 */
import { emptyUsage, ModelError, type ModelClient, type ModelRequest, type ModelStreamEvent, type ToolUseBlock } from '../../runtime/model/types.js';

/** Calls wait for the next turn; `end` lets the run finish. */
export class CallQueue implements ModelClient {
  readonly provider = 'mcp';
  readonly model: string;
  private readonly waiting: ToolUseBlock[] = [];
  private ended = false;
  private wake: (() => void) | undefined;

  constructor(client: string) {
    this.model = `mcp:${client}`;
  }

  /** A call from the client, for the run's next turn. */
  push(call: ToolUseBlock): void {
    if (this.ended) throw new Error('The session has ended.');
    this.waiting.push(call);
    this.wake?.();
  }

  /** No more calls: the run's next turn ends it. Returns the calls that were still waiting (they will not run). */
  end(): ToolUseBlock[] {
    this.ended = true;
    this.wake?.();
    return this.waiting.splice(0);
  }

  /** Calls waiting for a turn (they have not started). */
  get queued(): readonly ToolUseBlock[] {
    return this.waiting;
  }

  async *stream(request: ModelRequest): AsyncIterable<ModelStreamEvent> {
    await this.nextCalls(request.signal);
    const calls = this.waiting.splice(0);
    for (const toolUse of calls) yield { type: 'tool_use_complete', toolUse };
    yield {
      type: 'message_done',
      message: { role: 'assistant', content: calls },
      stopReason: calls.length > 0 ? 'tool_use' : 'end_turn',
      usage: emptyUsage(),
    };
  }

  /** Resolves when a call is waiting or the session ended; rejects when the run is stopped meanwhile. */
  private nextCalls(signal: AbortSignal): Promise<void> {
    if (this.waiting.length > 0 || this.ended) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.wake = undefined;
        reject(new ModelError('ABORTED', 'The run was stopped while it waited for the client’s next call.', { suggestion: 'Nothing to do.' }));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.wake = () => {
        signal.removeEventListener('abort', onAbort);
        this.wake = undefined;
        resolve();
      };
    });
  }
}
