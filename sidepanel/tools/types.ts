/**
 * The contract of a tool view: up to six optional renderers; the default view fills the rest. A tool's
 * view lives at the same path in `sidepanel/tools/` as the tool does in `src/tools/`, and is typed by
 * the tool itself, so it reads the output and progress the tool really produces.
 */
import type { ComponentChild } from 'preact';
import type { AnyTool, Tool } from '../../src/runtime/tool.js';
import type { FullResultState } from '../models/full-results-model.js';
import type { ToolCallView } from '../models/types.js';

/** What a renderer may use besides the call itself. */
export interface ViewContext {
  /** Asks the worker for an over-budget result's full text. */
  openFullResult(storedId: string): void;
  fullResult(storedId: string): FullResultState | undefined;
  /** True while the permission prompt for this call is open. */
  awaitingPermission(toolUseId: string): boolean;
}

/** What a tool's `call` returns. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OutputOf<T> = T extends Tool<any, infer Output, any> ? Output : unknown;
/** What a tool reports while it runs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ProgressOf<T> = T extends Tool<any, any, infer Progress> ? Progress : unknown;

/** A call of tool T: its output and progress as that tool produces them (the worker is the source). */
export type CallOf<T> = Omit<ToolCallView, 'output' | 'progress'> & { output?: OutputOf<T>; progress?: ProgressOf<T> };

/** Renders one call in one state. */
export type Renderer<T = AnyTool> = (call: CallOf<T>, context: ViewContext) => ComponentChild;

/** A tool's presentation. Each renderer is optional. */
export interface ToolView<T = AnyTool> {
  /** What the call does, in a line (the header). */
  call?: Renderer<T>;
  /** The finished result (status `done`). */
  result?: Renderer<T>;
  /** While running, with the latest progress. */
  progress?: Renderer<T>;
  /** Denied by the person or a rule (status `rejected`). */
  rejected?: Renderer<T>;
  /** Failed or cancelled (status `error` / `cancelled`). */
  error?: Renderer<T>;
  /** A header for several calls of this tool from one assistant turn (read-only ones run in parallel). */
  grouped?: (calls: readonly CallOf<T>[], context: ViewContext) => ComponentChild;
}

/** A view with every renderer filled in (see `viewFor`). */
export type CompleteToolView = Required<ToolView>;
