/**
 * An MCP call's arguments as a sink: an MCP server is another origin, and what the agent passes it
 * leaves the browser for that server. Read data in the arguments is judged like text typed into a page
 * of that origin — each value alone and all of them together — and asks in every mode: a server's
 * `readOnlyHint` says the call changes nothing there, not that the data it is given stays here.
 */
import type { ToolUseContext } from '../runtime/context.js';
import type { CallEffect, DataFlow } from '../runtime/permission-types.js';
import { siteKey } from '../runtime/data-ledger.js';
import type { ToolPermissionResult } from '../runtime/tool.js';
import { clip, showInvisible } from '../shared/untrusted-text.js';

/** At most this many argument values are read (a huge array is judged by its first values, and the rest together). */
const MAX_VALUES = 200;

/** The string and number values of a JSON value, in order (keys are the schema's words, not data). */
export function argumentValues(input: unknown, into: string[] = []): string[] {
  if (into.length >= MAX_VALUES) return into;
  if (typeof input === 'string') into.push(input);
  else if (typeof input === 'number' || typeof input === 'bigint') into.push(String(input));
  else if (Array.isArray(input)) for (const item of input) argumentValues(item, into);
  else if (input && typeof input === 'object') for (const value of Object.values(input)) argumentValues(value, into);
  return into;
}

/** The read data a call to the server at `url` would carry: each value, then all values together. */
export function argumentFlows(context: ToolUseContext, url: string, input: Record<string, unknown>): DataFlow[] {
  const values = argumentValues(input).filter((value) => value.trim() !== '');
  const all = JSON.stringify(input);
  const texts = [...values, ...(values.length > 1 ? [values.join(''), values.join(' ')] : []), ...(values.length >= MAX_VALUES ? [all] : [])];
  const to = siteKey(url);
  const seen = new Set<string>();
  const flows: DataFlow[] = [];
  for (const text of texts) {
    for (const carried of context.ledger.carriedTo(text, url)) {
      const key = `${carried.from}\u0000${carried.text}\u0000${carried.seen ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      flows.push({ from: carried.from, to, text: carried.text, ...(carried.seen ? { seen: carried.seen } : {}) });
    }
  }
  return flows;
}

/** The tool's permission opinion: no extra requirement, and the data flows its arguments carry (which ask in every mode). */
export function judgeArguments(context: ToolUseContext, server: string, url: string, tool: string, input: Record<string, unknown>): ToolPermissionResult {
  const flows = argumentFlows(context, url, input);
  if (flows.length === 0) return { behavior: 'passthrough' };
  const values = argumentValues(input);
  const effect: CallEffect = {
    summary: `sends ${values.length} argument value${values.length === 1 ? '' : 's'} to ${tool} on the MCP server "${server}" (${to(url)})`,
    facts: Object.entries(input)
      .slice(0, 12)
      .map(([name, value]) => ({
        label: clip(showInvisible(name, true), 79),
        value: clip(showInvisible(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''), true), 299),
      })),
    dataFlows: flows,
  };
  return { behavior: 'passthrough', effect };
}

const to = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};
