/**
 * The tool contract. A tool is a structural type, not a class: identity, execution, per-call safety,
 * budget and the model-facing contract. `buildTool` fills what a definition leaves out with fail-closed
 * defaults (unknown means unsafe).
 */
import type { z } from 'zod';
import type { ToolUseContext } from './context.js';
import type { LedgerRead } from './data-ledger.js';
import type { ImageBlock, Message, ReadScope, ToolResultContentBlock } from './model/types.js';
import type { CallEffect, LandingGuardSpec, PermissionDecision, Plan } from './permission-types.js';

/** Any zod object schema a tool may take as input. */
export type AnyInputSchema = z.ZodType<Record<string, unknown>>;

/** What `call` returns. `contextModifier` applies only to calls that are not concurrency-safe. */
export interface ToolResult<T> {
  data: T;
  /**
   * Images for the model, sent inside this call's tool result after the mapped output, so the model sees
   * them with the call that made them (a screenshot). Kept out of `data`, which the panel receives.
   */
  images?: ImageBlock[];
  /** Extra messages for the transcript after the tool results. */
  newMessages?: Message[];
  /** Changes the context for later calls (e.g. `switch_tab`). Ignored for concurrency-safe calls. */
  contextModifier?: (context: ToolUseContext) => ToolUseContext;
  /** For a read of a page: what it covers, so a newer read of the same can replace it in what is sent. */
  readScope?: ReadScope;
  /**
   * Where each part of the result was read, when not all of it comes from the call's site: a frame's
   * lines from that frame's origin, a screenshot as an image of every frame it showed. The executor files
   * each part in the run's data ledger under its origin, and whatever no part holds under the call's site.
   */
  reads?: LedgerRead[];
}

/** The result of `validateInput`: pure, fast, no UI. */
export type ValidationResult = { ok: true } | { ok: false; message: string; suggestion: string; code?: string; details?: Record<string, unknown> };

/**
 * What a tool's own check found out about a call, whatever it decides: the effect the person is shown
 * (and that data-leaving and landing rules judge), every site the call touches when there are several,
 * and the sites its tab may land on while it runs.
 */
export interface ToolJudgement {
  effect?: CallEffect;
  /** Every origin the call acts in, when it acts in more than one (fill_form across frames). */
  subjects?: readonly string[];
  guard?: LandingGuardSpec;
  /** A plan the call asks the person to approve (update_plan): the prompt shows it as a plan card. */
  plan?: Plan;
}

/**
 * A tool's own permission opinion. `passthrough` means "no extra requirement: ask the general system".
 * `deny` is final; `ask` forces a prompt even where the mode would allow, and with `destructive` it is
 * judged like a destructive call (asks in every mode; no site grant covers it).
 */
export type ToolPermissionResult =
  | ({ behavior: 'passthrough' } & ToolJudgement)
  | ({ behavior: 'allow'; reason: string } & ToolJudgement)
  | ({ behavior: 'ask'; reason: string; destructive?: boolean } & ToolJudgement)
  | { behavior: 'deny'; message: string; suggestion: string };

/** Asks the general permission system (and maybe the person) whether this call may run. */
export type CanUseTool = (tool: AnyTool, input: Record<string, unknown>, context: ToolUseContext, toolUseId: string) => Promise<PermissionDecision>;

export type ProgressCallback<P> = (progress: P) => void;

export interface Tool<Schema extends AnyInputSchema = AnyInputSchema, Output = unknown, Progress = unknown> {
  // identity
  readonly name: string;
  readonly aliases: readonly string[];
  /** 3–10 words for `tool_search`, not repeating the name. */
  readonly searchHint: string;

  // the model-facing contract
  readonly inputSchema: Schema;
  /** The model-facing description (sent as the tool's description). */
  readonly prompt: string;
  /** A short human line for what this call will do ("Click “Delete account” on example.com"). */
  description(input: z.output<Schema>, context?: ToolUseContext): string;

  // execution
  call(
    input: z.output<Schema>,
    context: ToolUseContext,
    canUseTool: CanUseTool,
    parentMessage: Message | undefined,
    onProgress: ProgressCallback<Progress>,
  ): Promise<ToolResult<Output>>;
  validateInput(input: z.output<Schema>, context: ToolUseContext): ValidationResult | Promise<ValidationResult>;
  checkPermissions(input: z.output<Schema>, context: ToolUseContext): Promise<ToolPermissionResult>;
  /**
   * What permission rules and site grants match against: the site for page tools, the target host for
   * navigation. `undefined` when the call has no site.
   */
  permissionSubject(input: z.output<Schema>, context: ToolUseContext): string | undefined | Promise<string | undefined>;
  mapResultForModel(output: Output, toolUseId: string): ToolResultContentBlock[];

  // safety, judged per call
  /**
   * Can the tool work in this run now (a browser, a tab, a store)? When false it is not offered to the
   * model. `undefined` while the pool is built: could it work at all?
   */
  isEnabled(context: ToolUseContext | undefined): boolean;
  isConcurrencySafe(input: z.output<Schema>): boolean;
  isReadOnly(input: z.output<Schema>): boolean;
  /** May consult the context (e.g. the tab's latest snapshot) to judge the call. */
  isDestructive(input: z.output<Schema>, context?: ToolUseContext): boolean;
  interruptBehavior(): 'cancel' | 'block';
  /** When this call fails, should its running siblings be cancelled too? */
  failureCancelsSiblings(input: z.output<Schema>): boolean;

  // what the pool and the prompt must know about the tool
  /** Part of the minimal core set offered in simple mode (reading and acting on the current page). */
  readonly inSimpleMode: boolean;
  /**
   * Its results can carry text from outside the extension (a page, a server, a note written from a page).
   * The system prompt names these tools so the model treats what they return as data, never instructions.
   */
  readonly outputIsUntrusted: boolean;

  // budget and loading
  /** Results longer than this (in characters) are stored and previewed. `Infinity` opts out. */
  readonly maxResultSizeChars: number;
  /** How long `call` may take, when not the executor's default (a helper agent takes minutes). */
  readonly callTimeoutMs?: number;
  /** Rarely needed: named to the model in the system prompt, its schema sent only once `tool_search` has loaded it. */
  readonly shouldDefer: boolean;
  /**
   * Sent with its schema in every request, never deferred, whatever `shouldDefer` or `isExternal` say: for the
   * tool that loads the others (`tool_search`), which the model could not reach otherwise. Default false, so
   * a tool is never put in front of the model on every request (and the cached prefix) unless it says so.
   */
  readonly alwaysLoad: boolean;
  /** From outside the extension (MCP). External tools are deferred (unless `alwaysLoad`) and never trusted for permissions. */
  readonly isExternal: boolean;
}

/** Any tool, whatever its types; what tool sets hold. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any, any, any>;

/** Every tool set travels as a readonly array. */
export type Tools = readonly AnyTool[];

/** The keys `buildTool` fills in when a definition leaves them out. */
export const DEFAULTABLE_KEYS = [
  'aliases',
  'searchHint',
  'description',
  'validateInput',
  'checkPermissions',
  'permissionSubject',
  'mapResultForModel',
  'isEnabled',
  'isConcurrencySafe',
  'isReadOnly',
  'isDestructive',
  'interruptBehavior',
  'failureCancelsSiblings',
  'maxResultSizeChars',
  'inSimpleMode',
  'outputIsUntrusted',
  'shouldDefer',
  'alwaysLoad',
  'isExternal',
] as const;
type DefaultableKey = (typeof DEFAULTABLE_KEYS)[number];

/** A tool definition: the keys `buildTool` can default are optional. */
export type ToolDef<Schema extends AnyInputSchema, Output, Progress = never> = Omit<Tool<Schema, Output, Progress>, DefaultableKey> &
  Partial<Pick<Tool<Schema, Output, Progress>, DefaultableKey>>;

/** The global cap on any one result; a tool's own `maxResultSizeChars` is capped at this unless `Infinity`. */
export const DEFAULT_MAX_RESULT_SIZE_CHARS = 50_000;

/** Text for the model: strings pass through, anything else as pretty JSON. */
export function defaultMapResultForModel(output: unknown): ToolResultContentBlock[] {
  if (typeof output === 'string') return [{ type: 'text', text: output }];
  if (output === undefined) return [{ type: 'text', text: '(no output)' }];
  return [{ type: 'text', text: JSON.stringify(output, null, 2) }];
}

/** Fills the fail-closed defaults: not concurrency-safe, not read-only, not destructive, 'block', enabled, not always loaded. */
export function buildTool<Schema extends AnyInputSchema, Output, Progress = never>(def: ToolDef<Schema, Output, Progress>): Tool<Schema, Output, Progress> {
  return {
    aliases: [],
    searchHint: '',
    description: () => def.name,
    validateInput: () => ({ ok: true }),
    checkPermissions: async () => ({ behavior: 'passthrough' }),
    permissionSubject: () => undefined,
    mapResultForModel: (output: Output) => defaultMapResultForModel(output),
    isEnabled: () => true,
    isConcurrencySafe: () => false,
    isReadOnly: () => false,
    isDestructive: () => false,
    interruptBehavior: () => 'block',
    failureCancelsSiblings: () => false,
    maxResultSizeChars: DEFAULT_MAX_RESULT_SIZE_CHARS,
    inSimpleMode: false,
    // Fail closed: an external tool's results come from outside, whatever its definition says.
    outputIsUntrusted: def.isExternal === true,
    shouldDefer: false,
    alwaysLoad: false,
    isExternal: false,
    ...def,
    ...(def.isExternal === true ? { outputIsUntrusted: true } : {}),
  };
}
