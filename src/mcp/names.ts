/**
 * The names MCP tools get in the pool: `mcp__<server>__<tool>`, within what every provider accepts
 * (`^[a-zA-Z0-9_-]{1,64}$`). A server's tool names are its own business (MCP allows dots, 128
 * characters, any Unicode in older servers), so they are mapped, and the mapping is stable: the same
 * tool list always gives the same names, whatever order the server lists them in.
 *
 * - Characters outside `[a-zA-Z0-9_-]` become `_` (`notes.search` → `notes_search`).
 * - A name too long for the 64 limit is cut, and `_` + 6 hex digits of a hash of the original name are
 *   appended, so two long names that share a start stay apart.
 * - Two tools whose mapped names clash (`get.item` and `get_item`) both get the hash suffix.
 * - If names still clash after that (a hash collision), the tool that sorts later is left out, and the
 *   server's state says so.
 */

/** What providers accept as a tool name. */
export const PROVIDER_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** Every MCP tool name starts with this. */
export const MCP_TOOL_PREFIX = 'mcp__';

const MAX_NAME = 64;
const SUFFIX_LENGTH = 7; // "_" + 6 hex digits

/** 32-bit FNV-1a of the string's UTF-16 units, as 6 hex digits: short, stable, no crypto needed. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0').slice(0, 6);
}

/** The pool-name prefix for one server's tools (`mcp__shop__`), also the rule that covers them (`mcp__shop__*`). */
export function serverToolPrefix(server: string): string {
  return `${MCP_TOOL_PREFIX}${server}__`;
}

/** One tool's mapped name. */
export interface MappedToolName {
  /** The name on the server (what `tools/call` sends). */
  original: string;
  /** The name in the pool (what the model calls). */
  name: string;
}

/** The result of mapping one server's tool names. */
export interface ToolNameMapping {
  mapped: MappedToolName[];
  /** Plain-words notes for the server's state: renamed and left-out tools. */
  notes: string[];
}

/** Maps a server's tool names to pool names; see the module comment for the rules. */
export function mapToolNames(server: string, originals: readonly string[]): ToolNameMapping {
  const prefix = serverToolPrefix(server);
  const room = MAX_NAME - prefix.length;
  const unique = [...new Set(originals)].sort();
  const cleaned = unique.map((original) => ({ original, plain: original.replace(/[^a-zA-Z0-9_-]/g, '_') || '_' }));
  const counts = new Map<string, number>();
  for (const { plain } of cleaned) counts.set(plain, (counts.get(plain) ?? 0) + 1);

  const mapped: MappedToolName[] = [];
  const notes: string[] = [];
  const taken = new Set<string>();
  for (const { original, plain } of cleaned) {
    const needsSuffix = plain.length > room || (counts.get(plain) ?? 0) > 1;
    const local = needsSuffix ? `${plain.slice(0, room - SUFFIX_LENGTH)}_${shortHash(original)}` : plain;
    const name = `${prefix}${local}`;
    if (taken.has(name)) {
      notes.push(`Left out the tool ${JSON.stringify(original)}: its name clashes with another tool's after shortening.`);
      continue;
    }
    taken.add(name);
    mapped.push({ original, name });
    if (local !== original)
      notes.push(
        `The tool ${JSON.stringify(original)} is named ${name} (tool names may only use letters, digits, "_" and "-", ${MAX_NAME} characters in all).`,
      );
  }
  if (unique.length < originals.length) notes.push('The server listed some tool names twice; each is used once.');
  return { mapped, notes };
}
