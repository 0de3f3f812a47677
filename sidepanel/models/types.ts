/** Shapes the panel renders, inferred from the one protocol (never copied from the worker). */
import type { AgentEvent, ToolCallStatus } from '../../src/runtime/events.js';
import type { DecisionReason, PermissionRequest } from '../../src/runtime/permission-types.js';
import type { ToolCallEntry, TranscriptEntry } from '../../src/shared/transcript.js';

export type { ConversationSummary, RunState } from '../../src/shared/protocol/panel.js';
export type { ToolCallEntry, TranscriptEntry, ToolCallStatus };

/** A model message as the panel receives it. */
export type PanelMessage = Extract<TranscriptEntry, { kind: 'message' }>['message'];
/** What the permission prompt asks. */
export type PanelPermissionRequest = PermissionRequest;
/** One agent event as forwarded by the worker. */
export type PanelAgentEvent = AgentEvent;
/** Why a permission decision was made or a prompt shown. */
export type DecisionReasonView = DecisionReason;

/** One tool call as the views see it: the stored entry (with live progress), or a queued request. */
export type ToolCallView = Omit<ToolCallEntry, 'kind'> & {
  /** Requested by the model but not started yet (waits for an earlier call in the turn). */
  queued?: boolean;
};
/** Token counts. */
export type { Usage as PanelUsage } from '../../src/runtime/model/types.js';
