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

export type TranscriptEntry = z.infer<typeof transcriptEntrySchema>;
export type ToolCallEntry = Extract<TranscriptEntry, { kind: 'tool_call' }>;
export type PanelMessage = Extract<TranscriptEntry, { kind: 'message' }>['message'];
export type RunState = z.infer<typeof runStateSchema>;
export type PanelPermissionRequest = z.infer<typeof permissionRequestSchema>;
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export type PanelAgentEvent = z.infer<typeof agentEventSchema>;
export type PanelUsage = z.infer<typeof usageSchema>;
export type ToolCallStatus = ToolCallEntry['status'];
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
