/** The contract of a tool view: up to six optional renderers; the default view fills the rest. */
import type { ComponentChild } from 'preact';
import type { FullResultState } from '../models/conversation-model.js';
import type { ToolCallView } from '../models/types.js';

/** What a renderer may use besides the call itself. */
export interface ViewContext {
  /** Asks the worker for an over-budget result's full text. */
  openFullResult(storedId: string): void;
  fullResult(storedId: string): FullResultState | undefined;
  /** True while the permission prompt for this call is open. */
  awaitingPermission(toolUseId: string): boolean;
}

/** Renders one call in one state. */
export type Renderer = (call: ToolCallView, context: ViewContext) => ComponentChild;

/** A tool's presentation. Each renderer is optional. */
export interface ToolView {
  /** What the call does, in a line (the header). */
  call?: Renderer;
  /** The finished result (status `done`). */
  result?: Renderer;
  /** While running, with the latest progress. */
  progress?: Renderer;
  /** Denied by the person or a rule (status `rejected`). */
  rejected?: Renderer;
  /** Failed or cancelled (status `error` / `cancelled`). */
  error?: Renderer;
  /** A header for several calls of this tool from one assistant turn (read-only ones run in parallel). */
  grouped?: (calls: readonly ToolCallView[], context: ViewContext) => ComponentChild;
}

/** A view with every renderer filled in (see `viewFor`). */
export type CompleteToolView = Required<ToolView>;
