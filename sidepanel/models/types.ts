/** Shapes the panel renders, inferred from the one protocol (never copied from the worker). */
import type { z } from 'zod';
import type {
  agentEventSchema,
  conversationSummarySchema,
  permissionRequestSchema,
  runStateSchema,
  transcriptEntrySchema,
  usageSchema,
} from '../../src/shared/protocol.js';

/** One stored transcript entry (a model message or a tool call with its status). */
export type TranscriptEntry = z.infer<typeof transcriptEntrySchema>;
/** A transcript entry for a tool call. */
export type ToolCallEntry = Extract<TranscriptEntry, { kind: 'tool_call' }>;
/** A model message as the panel receives it. */
export type PanelMessage = Extract<TranscriptEntry, { kind: 'message' }>['message'];
/** A conversation's run state. */
export type RunState = z.infer<typeof runStateSchema>;
/** What the permission prompt asks. */
export type PanelPermissionRequest = z.infer<typeof permissionRequestSchema>;
/** One row of the conversation list. */
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
/** One agent event as forwarded by the worker. */
export type PanelAgentEvent = z.infer<typeof agentEventSchema>;
/** Token counts. */
export type PanelUsage = z.infer<typeof usageSchema>;
/** running, done, error, rejected or cancelled. */
export type ToolCallStatus = ToolCallEntry['status'];
/** Why a permission decision was made or a prompt shown. */
export type DecisionReasonView = PanelPermissionRequest['why'];

/** One tool call as the views see it: the stored entry plus live progress. */
export interface ToolCallView {
  toolUseId: string;
  name: string;
  input: unknown;
  description: string;
  status: ToolCallStatus;
  content?: ToolCallEntry['content'];
  output?: unknown;
  error?: ToolCallEntry['error'];
  persisted?: ToolCallEntry['persisted'];
  /** The latest progress value, while running. */
  progress?: unknown;
  permission?: DecisionReasonView;
  /** Requested by the model but not started yet (waits for an earlier call in the turn). */
  queued?: boolean;
}
