/**
 * navigate's and open_tab's permission opinions: judged on where they land. The current address comes
 * from the browser at call time; leaving the site asks; an address that carries another site's address
 * (an open redirect) counts as landing there too; and the data an address would carry is judged
 * against what the run read (data-flow.ts).
 */
import type { ToolUseContext } from '../../runtime/context.js';
import type { ToolPermissionResult } from '../../runtime/tool.js';
import { flowsOfUrl, nestedSites } from './data-flow.js';
import { currentUrl, tabOf, type TabInput } from '../page/page-call.js';
import { opinion, shown } from './judge.js';
import { displayAddress, hostOfUrl, navigationIsCrossSite } from './sites.js';

/** Where an address opened from `from` would go, judged. */
function judgeAddress(context: ToolUseContext, target: string, from: string | undefined, how: string) {
  const leaving = navigationIsCrossSite(from, target);
  const nested = nestedSites(target);
  const destructive =
    leaving.reason ??
    (nested.length > 0
      ? `its address carries another site's address (${nested.map(hostOfUrl).join(', ')}): a redirect on the site may forward the tab there, with what the address carries`
      : undefined);
  const effect = { summary: `${how} ${displayAddress(target, from)}`, landing: target, ...(destructive ? { destructive } : {}) };
  const facts = [{ label: 'Address', value: shown(target, 1_000) }];
  return { effect, facts, flows: flowsOfUrl(context, target) };
}

/** navigate with a url: the address resolved against where the tab is now, judged on where it lands. */
export async function judgeNavigateCall(
  input: TabInput & { url?: string | undefined; action?: string | undefined },
  context: ToolUseContext,
): Promise<ToolPermissionResult> {
  const tabId = tabOf(input, context);
  const tabUrl = await currentUrl(context, tabId);
  // History and reload stay with pages already opened in this tab.
  if (input.url === undefined) return { behavior: 'passthrough', effect: { summary: `goes ${input.action ?? 'back'} in the tab's history` } };
  let target: string;
  try {
    target = new URL(input.url, tabUrl).href;
  } catch {
    return { behavior: 'ask', destructive: true, reason: `"${shown(input.url, 200)}" is not an address that can be resolved against the current page` };
  }
  const judged = judgeAddress(context, target, tabUrl, 'opens');
  return opinion({ ...judged, tabId, tabUrl });
}

/** open_tab: judged like navigate from the run's current tab (its own guard is held by the tool, on the new tab). */
export async function judgeOpenTabCall(input: { url: string }, context: ToolUseContext): Promise<ToolPermissionResult> {
  const tabUrl = await currentUrl(context, context.currentTabId);
  const judged = judgeAddress(context, input.url, tabUrl, 'opens a new tab on');
  const judgedOpinion = opinion({ ...judged, tabId: undefined, tabUrl });
  return judgedOpinion;
}
