/**
 * What the streaming executor needs about one call's outcome, kept apart from its scheduling: whether a
 * call may run beside others, the outcome of a call that never started, the `tool_call_finished` event, and the
 * two things an outcome may do to the rest of the turn (cancel its siblings, change the context).
 */
import { SiblingFailure } from './abort.js';
import type { ToolUseContext } from './context.js';
import type { AgentEvent } from './events.js';
import { safely } from './errors.js';
import { abortPayload, errorContent, type PreparedCall, type ToolCallOutcome } from './execute.js';
import type { ImageBlock, ToolResultMeta, ToolUseBlock } from './model/types.js';
import type { BudgetDecision } from './budget-types.js';

/** Is this call safe to run alongside others? Anything we cannot judge (unknown tool, bad input) is not. */
export function isCallConcurrencySafe(call: PreparedCall): boolean {
  const { tool, parsed } = call;
  if (!tool || !parsed?.ok) return false;
  return safely(() => tool.isConcurrencySafe(parsed.input) === true, false);
}

/** The outcome for a call that never started because the turn was stopped first. */
export function notStarted(toolUse: ToolUseBlock, reason: unknown): ToolCallOutcome {
  const error = abortPayload(reason, toolUse.name);
  return {
    toolUseId: toolUse.id,
    name: toolUse.name,
    tool: undefined,
    status: 'cancelled',
    isError: true,
    error,
    decision: { toolUseId: toolUse.id, kind: 'kept', content: errorContent(error) },
    newMessages: [],
    durationMs: 0,
  };
}

/** The one `tool_call_finished` event of a call: exactly what the model gets, plus what the panel shows. */
export function finishedEvent(outcome: ToolCallOutcome): AgentEvent {
  const images = outcome.newMessages.flatMap((message) => message.content.filter((block): block is ImageBlock => block.type === 'image'));
  return {
    type: 'tool_call_finished',
    toolUseId: outcome.toolUseId,
    name: outcome.name,
    status: outcome.status,
    content: outcome.decision.content,
    isError: outcome.isError,
    ...(outcome.output !== undefined && isSmallJson(outcome.output) ? { output: outcome.output } : {}),
    ...(images.length > 0 ? { images } : {}),
    ...(outcome.error ? { error: { code: outcome.error.code, message: outcome.error.message, suggestion: outcome.error.suggestion } } : {}),
    ...(outcome.decision.kind !== 'kept'
      ? {
          persisted: {
            ...(outcome.decision.storedId !== undefined ? { storedId: outcome.decision.storedId } : {}),
            ...(outcome.decision.totalChars !== undefined ? { totalChars: outcome.decision.totalChars } : {}),
          },
        }
      : {}),
    ...(outcome.permission ? { permission: outcome.permission } : {}),
    // Where it acted and what it did, for the activity log.
    ...(outcome.site !== undefined ? { site: outcome.site } : {}),
    ...(outcome.effect?.summary ? { effect: outcome.effect.summary } : {}),
    durationMs: outcome.durationMs,
  };
}

// The panel shows raw outputs in tool views; only small JSON-safe ones cross the port.
function isSmallJson(value: unknown): boolean {
  try {
    const text = JSON.stringify(value);
    return text !== undefined && text.length <= 20_000;
  } catch {
    return false;
  }
}

/** The reason to stop the rest of the turn with, when this failure invalidates its siblings (the tool says so). */
export function siblingFailureReason(outcome: ToolCallOutcome, input: Record<string, unknown>): SiblingFailure | undefined {
  const tool = outcome.tool;
  if (outcome.status !== 'error' || !tool) return undefined;
  return safely(() => tool.failureCancelsSiblings(input) === true, false) ? new SiblingFailure(outcome.name, outcome.toolUseId) : undefined;
}

/** A modifier that throws leaves the context as it was: the call's own result already reached the model. */
export function applyModifier(outcome: ToolCallOutcome, context: ToolUseContext): ToolUseContext {
  return safely(() => outcome.contextModifier?.(context) ?? context, context);
}

/**
 * The facts the context window needs to shorten this result later without asking the tool again: set only
 * for images and page reads that succeeded, so other results stay exactly as they were.
 */
export function resultMeta(outcome: ToolCallOutcome, decision: BudgetDecision): ToolResultMeta | undefined {
  if (outcome.isError) return undefined;
  const hasImage = decision.content.some((block) => block.type === 'image');
  if (!hasImage && !outcome.readScope) return undefined;
  return {
    at: Date.now(),
    ...(outcome.readScope ? { read: outcome.readScope } : {}),
    ...(decision.storedId !== undefined ? { storedId: decision.storedId } : {}),
  };
}
