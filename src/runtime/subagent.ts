/**
 * A helper agent: the same loop, run on a sub-agent context (its own transcript, result budget and view
 * of the tabs; an abort signal that follows its parent's; no way to change the run's state), with the
 * tools it is given, judged by the parent's permission rules. It returns its final message as a report.
 * A helper that uses up its turns is asked once more, without tools, to report what it has.
 */
import { createSubagentContext, type SubagentContextOptions, type ToolUseContext } from './context.js';
import { ToolError, type RunError } from './errors.js';
import type { AgentEvent, RunStopReason } from './events.js';
import { runAgent } from './loop.js';
import { addUsage, type Message, type Usage } from './model/types.js';
import { appendPersonMessage } from './steering.js';
import { stopAfterTurns } from './stop-conditions.js';
import type { CanUseTool } from './tool.js';

/** One helper's job. */
export interface SubagentOptions extends SubagentContextOptions {
  system: string;
  /** The whole job, as the helper's first (and only) message. */
  task: string;
  canUseTool: CanUseTool;
  maxTurns: number;
  onEvent?: (event: AgentEvent) => void;
}

/** What a helper came back with. */
export interface SubagentResult {
  /** Its final message's text ('' when it never wrote one). */
  report: string;
  reason: RunStopReason;
  turns: number;
  toolCalls: number;
  usage: Usage;
  error?: RunError;
}

/** What the helper is told when its turns are used up. */
export const REPORT_NOW = 'You have used all your steps. Write your report now from what you have found, and say what you could not find.';

const textOf = (message: Message | undefined) =>
  message?.role === 'assistant'
    ? message.content
        .flatMap((block) => (block.type === 'text' ? [block.text] : []))
        .join('\n')
        .trim()
    : '';

/** Runs a helper agent to its report. Throws NO_MODEL when the run has no model to give it. */
export async function runSubagent(parent: ToolUseContext, options: SubagentOptions): Promise<SubagentResult> {
  const model = parent.model;
  if (!model) throw new ToolError('NO_MODEL', 'This run has no model a helper agent could use.', { suggestion: 'Do the job yourself with the page tools.' });
  const { system, task, canUseTool, maxTurns, onEvent, ...contextOptions } = options;
  const context = createSubagentContext(parent, contextOptions);
  let turns = 0;
  let toolCalls = 0;
  const emit = (event: AgentEvent) => {
    if (event.type === 'turn_started') turns++;
    if (event.type === 'tool_call_started') toolCalls++;
    onEvent?.(event);
  };
  const run = (messages: Message[], turnLimit: number, tools = context.tools) =>
    runAgent({
      runId: options.agentId,
      model,
      system,
      messages,
      context: { ...context, tools },
      canUseTool,
      onEvent: emit,
      stopWhen: [stopAfterTurns(turnLimit)],
    });
  try {
    let result = await run([{ role: 'user', content: [{ type: 'text', text: task }] }], maxTurns);
    let usage = result.usage;
    if (result.reason === 'max_turns') {
      const last = await run(appendPersonMessage(result.messages, REPORT_NOW), 1, []);
      usage = addUsage(usage, last.usage);
      result = { ...last, reason: textOf(last.messages.at(-1)) ? 'max_turns' : last.reason };
    }
    return { report: textOf(result.messages.at(-1)), reason: result.reason, turns, toolCalls, usage, ...(result.error ? { error: result.error } : {}) };
  } finally {
    // Its work is over: release the listener it holds on the parent's signal.
    if (!context.abortController.signal.aborted) context.abortController.abort('finished');
  }
}
