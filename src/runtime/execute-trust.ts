/**
 * The executor's two trust duties around a call: note what it read in the run's data ledger (with the
 * origin it came from), and hold the tab to the sites the call was judged to land on while it runs.
 */
import type { ToolUseContext } from './context.js';
import { textOfContent, type LedgerRead } from './data-ledger.js';
import { messageOf, ToolError, type ToolErrorPayload } from './errors.js';
import type { LandingGuard } from './browser.js';
import type { ToolResultContentBlock } from './model/types.js';
import type { LandingGuardSpec } from './permission-types.js';
import { originOf } from './permission-rules.js';
import type { AnyTool } from './tool.js';

/**
 * Records a result in the ledger when it carries content from outside: tools whose output is untrusted,
 * and page tools (their results quote the page). Each of the tool's `reads` (a frame's text, an image of
 * a frame) goes under its own origin; what no read holds goes under the call's site, or, for a result
 * with no site (a memory note, an MCP server's answer), under its tool. An image no read accounts for
 * is an image of that same origin.
 */
export function recordRead(
  context: ToolUseContext,
  tool: AnyTool,
  toolUseId: string,
  subject: string | undefined,
  content: readonly ToolResultContentBlock[],
  reads: readonly LedgerRead[] = [],
): void {
  const origin = subject !== undefined ? (originOf(subject) ?? subject) : undefined;
  if (!tool.outputIsUntrusted && origin === undefined && reads.length === 0) return;
  const rest = origin ?? `tool:${tool.name}`;
  const text = textOfContent(content);
  const unaccounted = content.some((block) => block.type === 'image') && !reads.some((read) => read.image);
  const all = unaccounted ? [...reads, { origin: rest, image: true }] : reads;
  if (all.length > 0) context.ledger.recordReads(toolUseId, text, all, rest);
  else if (text) context.ledger.record(toolUseId, rest, text);
}

/**
 * Installs the call's landing guard; none when the call has none or the browser keeps no guards at all.
 * Why a failure stops the call: the call was judged (and perhaps approved) on where it lands, and without
 * its guard a redirect elsewhere would leave unheld, with what its address carries. Fails closed.
 */
export async function guardLanding(context: ToolUseContext, spec: LandingGuardSpec | undefined): Promise<LandingGuard | undefined> {
  if (!spec || !context.browser?.guardLanding) return undefined;
  try {
    return await context.browser.guardLanding(spec.tabId, spec.allowed);
  } catch (error) {
    const why = messageOf(error);
    throw new ToolError(
      'LANDING_GUARD_FAILED',
      `The browser could not hold the tab to the sites this act was judged to land on (${why}), so it was not done.`,
      {
        suggestion: 'Try the act again; if this keeps failing, tell the person the browser refused the landing guard.',
      },
    );
  }
}

/** LANDING_BLOCKED when the guard stopped the tab from loading another site during the call. */
export async function landingBlocked(guard: LandingGuard | undefined, toolName: string): Promise<ToolErrorPayload | undefined> {
  const blocked = guard?.blocked() ?? [];
  return blocked.length === 0 ? undefined : landingBlockedPayload(blocked, toolName);
}

/** The LANDING_BLOCKED error for addresses a guard stopped. */
export function landingBlockedPayload(blocked: readonly string[], toolName: string): ToolErrorPayload {
  const where = blocked[blocked.length - 1] ?? '';
  let site = where;
  try {
    site = new URL(where).host;
  } catch {
    // keep the address as it is
  }
  return {
    code: 'LANDING_BLOCKED',
    message: `${toolName} made the tab go to ${site} (${where.length > 200 ? `${where.slice(0, 199)}…` : where}), a page it was not judged to open, so Pagewright stopped it from loading. The tab stays where it was.`,
    suggestion: `If the person wants to go to ${site}, tell them why and use navigate with that address, which asks them first. Do not retry the same action.`,
    blocked: [...blocked],
  };
}
