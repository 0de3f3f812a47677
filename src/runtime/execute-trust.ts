/**
 * The executor's two trust duties around a call: note what it read in the run's data ledger (with the
 * origin it came from), and hold the tab to the sites the call was judged to land on while it runs.
 */
import type { ToolUseContext } from './context.js';
import type { ToolErrorPayload } from './errors.js';
import type { LandingGuard } from './browser.js';
import type { ToolResultContentBlock } from './model/types.js';
import type { LandingGuardSpec } from './permission-types.js';
import { originOf } from './permission-rules.js';
import type { AnyTool } from './tool.js';

/**
 * Records a result's text in the ledger when it carries text from outside: tools whose output is
 * untrusted, and page tools (their results quote the page). Its origin is the call's site; a result
 * with no site (a memory note, an MCP server's answer) is filed under its tool.
 */
export function recordRead(
  context: ToolUseContext,
  tool: AnyTool,
  toolUseId: string,
  subject: string | undefined,
  content: readonly ToolResultContentBlock[],
): void {
  const origin = subject !== undefined ? (originOf(subject) ?? subject) : undefined;
  if (!tool.outputIsUntrusted && origin === undefined) return;
  const text = content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
  if (text) context.ledger.record(toolUseId, origin ?? `tool:${tool.name}`, text);
}

/** Installs the call's landing guard; none when the call has none or the browser cannot keep one. */
export async function guardLanding(context: ToolUseContext, spec: LandingGuardSpec | undefined): Promise<LandingGuard | undefined> {
  if (!spec || !context.browser?.guardLanding) return undefined;
  try {
    return await context.browser.guardLanding(spec.tabId, spec.allowed);
  } catch (error) {
    console.warn('Pagewright: the landing guard could not be set', error);
    return undefined;
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
    message: `${toolName} made the tab go to ${site} (${where.length > 200 ? `${where.slice(0, 199)}…` : where}), another site than the one it was judged to open, so Pagewright stopped that page from loading. The tab stays where it was.`,
    suggestion: `If the person wants to go to ${site}, tell them why and use navigate with that address, which asks them first. Do not retry the same action.`,
    blocked: [...blocked],
  };
}
