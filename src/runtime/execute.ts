/**
 * One tool call, start to finish. Principle 4 ("validate before asking") is the order of the stages:
 *
 *   find the tool → parse the input (lenient about harmless slips) → `validateInput` (pure, no UI)
 *   → permission (may wait for the person) → `call` with progress → `mapResultForModel` → result budget
 *
 * Principle 6 ("errors teach"): every failure at any stage becomes a result the model reads,
 * `{"error": {code, message, suggestion, ...context}}` with `is_error: true`. Nothing thrown by a tool
 * escapes this function.
 */
import { createChildAbortController, INTERRUPT_REASON, isSoftStop, raceAbort, TIMEOUT_REASON } from './abort.js';
import { applyResultSizeBudget } from './budget.js';
import type { BudgetDecision } from './budget-types.js';
import type { ToolUseContext } from './context.js';
import { safely, ToolError, toErrorPayload, type RuntimeErrorCode, type ToolErrorPayload } from './errors.js';
import type { Message, ReadScope, ToolResultContentBlock, ToolUseBlock } from './model/types.js';
import type { CallEffect, DecisionReason } from './permission-types.js';
import { guardLanding, landingBlocked, recordRead } from './execute-trust.js';
import { findToolByName, isDeferredTool, isToolLoaded, TOOL_SEARCH_NAME } from './registry.js';
import { parseToolInput } from './parse-input.js';
import type { AnyTool, CanUseTool, Tools } from './tool.js';

export { describeFields, parseToolInput } from './parse-input.js';
export { withRetry, type RetryOptions } from './retry.js';

/** How long `call` may take before it is aborted with TIMEOUT (permission prompts are not counted). */
export const DEFAULT_CALL_TIMEOUT_MS = 120_000;

/** Options for one call. */
export interface ExecuteOptions {
  canUseTool: CanUseTool;
  onProgress?: (progress: unknown) => void;
  parentMessage?: Message;
  /** Milliseconds for the `call` stage; `Infinity` for none. */
  timeoutMs?: number;
}

/** What one call came to; `decision.content` is what the model gets (before the per-message budget). */
export interface ToolCallOutcome {
  toolUseId: string;
  name: string;
  tool: AnyTool | undefined;
  status: 'done' | 'error' | 'rejected' | 'cancelled';
  isError: boolean;
  decision: BudgetDecision;
  output?: unknown;
  error?: ToolErrorPayload;
  permission?: DecisionReason;
  /** The site the call acted on, and what it was judged to do (for the activity log). */
  site?: string;
  effect?: CallEffect;
  newMessages: Message[];
  contextModifier?: (context: ToolUseContext) => ToolUseContext;
  /** What a page read covers (from the tool's result), for the context window. */
  readScope?: ReadScope;
  durationMs: number;
}

/** The content block a failure becomes: `{"error": {...}}` as JSON text. */
export function errorContent(payload: ToolErrorPayload): ToolResultContentBlock[] {
  return [{ type: 'text', text: JSON.stringify({ error: payload }) }];
}

const fail = (code: RuntimeErrorCode | string, message: string, suggestion: string, context: Record<string, unknown> = {}): ToolErrorPayload => ({
  code,
  message,
  suggestion,
  ...context,
});

/**
 * One call as the model sent it, with its tool found and its input parsed: done once, when the turn's
 * calls are partitioned, and carried through description, permission and execution.
 */
export interface PreparedCall {
  toolUse: ToolUseBlock;
  /** The tool the call names (by name, then alias), if any. */
  tool: AnyTool | undefined;
  /** The parsed input, or the INVALID_INPUT error; undefined when there is no tool to parse for. */
  parsed: { ok: true; input: Record<string, unknown> } | { ok: false; error: ToolErrorPayload } | undefined;
}

/** Finds the call's tool and parses its input, once. */
export function prepareToolCall(toolUse: ToolUseBlock, tools: Tools): PreparedCall {
  const tool = typeof toolUse.name === 'string' ? findToolByName(tools, toolUse.name) : undefined;
  return { toolUse, tool, parsed: tool ? parseToolInput(tool, toolUse.input) : undefined };
}

/** The UNKNOWN_TOOL error the model should see, listing what does exist. */
function unknownTool(tools: Tools, name: unknown, discovered: readonly string[]): ToolErrorPayload {
  const loaded = (t: AnyTool) => isToolLoaded(t, { discoveredTools: discovered, grants: [] });
  const available = tools.filter(loaded).map((t) => t.name);
  const loadable = tools.filter((t) => !loaded(t)).map((t) => t.name);
  const more = loadable.length > 0 ? ` More can be loaded with ${TOOL_SEARCH_NAME}: ${loadable.join(', ')}.` : '';
  return fail('UNKNOWN_TOOL', `There is no tool named ${JSON.stringify(name)}.`, `Use one of the available tools: ${available.join(', ')}.${more}`, {
    available,
  });
}

/**
 * A deferred tool has not been sent with its schema yet, so the model is guessing its input. Checked when
 * the call runs, not when it is prepared: a `tool_search` earlier in the same turn may have loaded it.
 */
function notLoaded(tool: AnyTool, discovered: readonly string[]): ToolErrorPayload | undefined {
  if (!isDeferredTool(tool) || discovered.includes(tool.name)) return undefined;
  return fail(
    'TOOL_NOT_LOADED',
    `The tool ${tool.name} exists but is not loaded yet.`,
    `Call ${TOOL_SEARCH_NAME} with {"query": "select:${tool.name}"} first, then call ${tool.name} again.`,
    {
      tool: tool.name,
    },
  );
}

// --- the pipeline ----------------------------------------------------------------------------------

const formatDuration = (ms: number) => (ms < 1_000 ? `${ms} ms` : `${Math.round(ms / 1_000)} s`);

/** The error for a call stopped by an abort, by its reason: interrupt, timeout, a failed sibling, a hard stop. */
export function abortPayload(reason: unknown, toolName: string, timeoutMs?: number): ToolErrorPayload {
  if (reason instanceof ToolError) return reason.toPayload();
  if (reason === TIMEOUT_REASON) {
    return fail(
      'TIMEOUT',
      `${toolName} did not finish within ${formatDuration(timeoutMs ?? 0)} and was stopped.`,
      'Check the current state (e.g. read the page) before retrying; the action may have partly happened. Try a smaller step.',
    );
  }
  if (reason === INTERRUPT_REASON) {
    return fail('CANCELLED', `The person stopped the run; ${toolName} was cancelled.`, 'Do not repeat it unless the person asks; check the page state first.');
  }
  return fail(
    'CANCELLED',
    `The run was stopped; ${toolName} was cancelled.`,
    'It may have partly happened: check the state before repeating it, and repeat it only if the person asks.',
  );
}

/**
 * Runs one call through every stage: a prepared call (see `prepareToolCall`), or a bare `tool_use` block,
 * which is prepared here. Never throws; every failure is an `is_error` outcome.
 */
export async function executeToolCall(call: ToolUseBlock | PreparedCall, context: ToolUseContext, options: ExecuteOptions): Promise<ToolCallOutcome> {
  const started = Date.now();
  const prepared = 'toolUse' in call ? call : prepareToolCall(call, context.tools);
  const { toolUse } = prepared;
  const signal = context.abortController.signal;
  // The tool's own name, also when the model used an alias: the panel finds the view by it.
  const base = { toolUseId: toolUse.id, name: prepared.tool?.name ?? toolUse.name, newMessages: [] as Message[] };
  const discovered = context.getAppState().discoveredTools;
  const found = prepared.tool && !notLoaded(prepared.tool, discovered) ? prepared.tool : undefined;
  let permission: DecisionReason | undefined;
  let judged: { site?: string; effect?: CallEffect } = {};
  const failed = (status: ToolCallOutcome['status'], error: ToolErrorPayload): ToolCallOutcome => ({
    ...base,
    tool: found,
    status,
    isError: true,
    error,
    decision: { toolUseId: toolUse.id, kind: 'kept', content: errorContent(error) },
    ...(permission ? { permission } : {}),
    ...judged,
    durationMs: Date.now() - started,
  });
  const cancelled = () => failed('cancelled', abortPayload(signal.reason, toolUse.name));

  if (!prepared.tool) return failed('error', unknownTool(context.tools, toolUse.name, discovered));
  const tool = prepared.tool;
  const unloaded = notLoaded(tool, discovered);
  if (unloaded) return failed('error', unloaded);
  const parsed = prepared.parsed ?? parseToolInput(tool, toolUse.input);
  if (!parsed.ok) return failed('error', parsed.error);
  const input = parsed.input;

  try {
    // validateInput should be fast, but a stop must not wait on one that hangs (say, on a dead tab).
    const validated = await raceAbort(
      Promise.resolve().then(() => tool.validateInput(input, context)),
      signal,
    );
    if ('aborted' in validated) return cancelled();
    const validation = validated.value;
    if (!validation.ok)
      return failed('error', fail(validation.code ?? 'VALIDATION_FAILED', validation.message, validation.suggestion, validation.details ?? {}));
  } catch (error) {
    return failed('error', { ...toErrorPayload(error), code: 'VALIDATION_FAILED' });
  }
  if (signal.aborted) return cancelled();

  let allowed: Extract<Awaited<ReturnType<CanUseTool>>, { behavior: 'allow' }>;
  try {
    // A stop (interrupt included: nothing has happened yet) ends the wait even if the prompt ignores its signal.
    const asked = await raceAbort(options.canUseTool(tool, input, context, toolUse.id), signal);
    if ('aborted' in asked) return cancelled();
    const decision = asked.value;
    permission = decision.reason;
    if (decision.subject !== undefined) judged = { site: decision.subject };
    if (decision.behavior === 'deny')
      return failed('rejected', fail(decision.code ?? 'PERMISSION_DENIED', decision.message, decision.suggestion, { tool: tool.name }));
    allowed = decision;
    if (decision.effect) judged = { ...judged, effect: decision.effect };
  } catch (error) {
    if (signal.aborted) return cancelled();
    return failed(
      'rejected',
      fail(
        'PERMISSION_DENIED',
        `The permission check for ${tool.name} failed: ${toErrorPayload(error).message}`,
        'Try again; if it keeps failing, tell the person.',
      ),
    );
  }
  if (signal.aborted) return cancelled();

  // The call's own controller: follows hard stops always, soft stops only for tools that can be cancelled.
  const interruptible = safely(() => tool.interruptBehavior(), 'block') === 'cancel';
  const callController = createChildAbortController(signal, (reason) => interruptible || !isSoftStop(reason));
  const timeoutMs = tool.callTimeoutMs ?? options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  const timer = Number.isFinite(timeoutMs) ? setTimeout(() => callController.abort(TIMEOUT_REASON), timeoutMs) : undefined;
  const callContext: ToolUseContext = { ...context, abortController: callController };
  let result: Awaited<ReturnType<AnyTool['call']>>;
  // While the call runs, its tab may land only where it was judged to go (a redirect elsewhere is stopped);
  // a guard the browser could not set stops the call before it starts.
  let guard: Awaited<ReturnType<typeof guardLanding>>;
  try {
    guard = await guardLanding(context, allowed.guard);
  } catch (error) {
    clearTimeout(timer);
    callController.release();
    return failed('error', toErrorPayload(error));
  }
  try {
    const running = Promise.resolve().then(() =>
      tool.call(input, callContext, options.canUseTool, options.parentMessage, (progress: unknown) => options.onProgress?.(progress)),
    );
    // A tool that ignores its signal is not waited for once the call is stopped; it may finish in the background.
    const settled = await raceAbort(running, callController.signal);
    const stopped = await landingBlocked(guard, tool.name);
    if (stopped) return failed('error', stopped);
    if ('aborted' in settled) return failed(settled.aborted === TIMEOUT_REASON ? 'error' : 'cancelled', abortPayload(settled.aborted, tool.name, timeoutMs));
    result = settled.value;
  } catch (error) {
    const stopped = await landingBlocked(guard, tool.name);
    if (stopped) return failed('error', stopped);
    if (callController.signal.aborted)
      return failed(callController.signal.reason === TIMEOUT_REASON ? 'error' : 'cancelled', abortPayload(callController.signal.reason, tool.name, timeoutMs));
    const payload = toErrorPayload(error);
    recordRead(context, tool, toolUse.id, allowed.subject, errorContent(payload));
    return failed('error', payload);
  } finally {
    clearTimeout(timer);
    callController.release();
    await guard?.release().catch(() => undefined);
  }

  if (typeof result !== 'object' || result === null || !('data' in result)) {
    return failed(
      'error',
      fail('TOOL_FAILED', `${tool.name} finished without a result.`, 'The action may have taken effect; check the state before repeating it.'),
    );
  }
  let decision: BudgetDecision;
  try {
    const mapped = tool.mapResultForModel(result.data, toolUse.id);
    if (!Array.isArray(mapped)) throw new TypeError('mapResultForModel did not return content blocks');
    const content = [...mapped, ...(result.images ?? [])];
    // The whole result, before any budget: what the model may carry elsewhere later, by the origin of each part.
    recordRead(context, tool, toolUse.id, allowed.subject, content, result.reads);
    decision = await applyResultSizeBudget(tool, { toolUseId: toolUse.id, toolName: tool.name, content }, context.budget, context.resultStore);
  } catch (error) {
    return failed(
      'error',
      fail(
        'TOOL_FAILED',
        `${tool.name} ran, but its result could not be shown: ${toErrorPayload(error).message}`,
        'The action may have taken effect; check the state before repeating it.',
      ),
    );
  }
  return {
    ...base,
    tool,
    status: 'done',
    isError: false,
    decision,
    output: result.data,
    ...(permission ? { permission } : {}),
    ...judged,
    newMessages: result.newMessages ?? [],
    ...(result.contextModifier ? { contextModifier: result.contextModifier } : {}),
    ...(result.readScope ? { readScope: result.readScope } : {}),
    durationMs: Date.now() - started,
  };
}
