/**
 * The one-shot requests of Settings → Coding agents and the "Controlled by …" banner, joined into the
 * worker's request map (requests.ts). The state they return is the one the worker also pushes
 * (`external_agents` on the panel port).
 */
import { z } from 'zod';
import { externalPermissionModeSchema } from '../../runtime/permission-types.js';
import { externalAgentsStateSchema } from '../external-agents.js';

export const externalAgentsMethods = {
  /** The helper's status, the connected client, the settings. */
  'externalAgents.state': { params: z.object({}), reply: externalAgentsStateSchema },
  /** Turns the switch on or off, or sets the mode outside sessions are judged in; applies at once. */
  'externalAgents.configure': {
    params: z.object({ enabled: z.boolean().optional(), permissionMode: externalPermissionModeSchema.optional() }),
    reply: externalAgentsStateSchema,
  },
  /** Ends a client's session (its calls stop; it is not let back in until it is restarted). */
  'externalAgents.disconnect': { params: z.object({ clientId: z.string().min(1) }), reply: z.object({ disconnected: z.boolean() }) },
  /** Shares a tab of the person's with the connected client, or takes it back. */
  'externalAgents.share': { params: z.object({ tabId: z.number().int(), shared: z.boolean() }), reply: z.object({ done: z.boolean() }) },
  /** Starts the helper again (after `install`, or when it stopped). */
  'externalAgents.retry': { params: z.object({}), reply: externalAgentsStateSchema },
} as const;
