/**
 * `tool_search`: finds deferred tools and loads them for the rest of the run. Found tools are appended
 * to `appState.discoveredTools`; the registry sends them after the tools already sent, so the request
 * prefix stays byte-stable.
 */
import { z } from 'zod';
import { findToolByName, isDeferredTool, TOOL_SEARCH_NAME } from '../../runtime/registry.js';
import { buildTool, type AnyTool, type Tools } from '../../runtime/tool.js';

const inputSchema = z.object({
  query: z
    .string()
    .min(1)
    .max(500)
    .describe('Keywords to search tool names and descriptions ("+term" makes a term required), or "select:name1,name2" to load tools by exact name'),
  max_results: z.number().int().min(1).max(20).default(5).describe('The most tools to return and load (1-20)'),
});

export interface ToolSearchOutput {
  query: string;
  /** Tools loaded by this search (now callable). */
  loaded: Array<{ name: string; description: string }>;
  /** `select:` names that were already available: a harmless no-op. */
  alreadyLoaded: string[];
  /** `select:` names that match no tool. */
  unknown: string[];
  /** Every deferred tool name, for the no-match hint. */
  available: string[];
}

/** Splits a tool name into lower-case words: `mcp__github__create_issue` → mcp, github, create, issue. */
export function nameParts(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function scoreTool(tool: AnyTool, term: string): number {
  const parts = nameParts(tool.name);
  const hint = tool.searchHint.toLowerCase();
  let score = 0;
  if (parts.includes(term)) score += 10;
  else if (parts.some((part) => part.includes(term))) score += 5;
  if (hint.split(/\W+/).includes(term)) score += 4;
  else if (hint.includes(term)) score += 2;
  if (tool.prompt.toLowerCase().includes(term)) score += 1;
  return score;
}

/** Ranks tools for a keyword query; `+term` terms must each match somewhere. Best first, ties by name. */
export function searchTools(tools: Tools, query: string, maxResults: number): AnyTool[] {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  const required = terms.filter((term) => term.startsWith('+') && term.length > 1).map((term) => term.slice(1));
  const optional = terms.filter((term) => !term.startsWith('+'));
  const ranked: Array<{ tool: AnyTool; score: number }> = [];
  for (const tool of tools) {
    if (required.some((term) => scoreTool(tool, term) === 0)) continue;
    const score = [...required, ...optional].reduce((sum, term) => sum + scoreTool(tool, term), 0);
    if (score > 0) ranked.push({ tool, score });
  }
  ranked.sort((a, b) => b.score - a.score || (a.tool.name < b.tool.name ? -1 : 1));
  return ranked.slice(0, maxResults).map((entry) => entry.tool);
}

function firstSentence(text: string): string {
  const sentence = text.split(/(?<=\.)\s/)[0] ?? text;
  return sentence.length > 200 ? `${sentence.slice(0, 197)}...` : sentence;
}

/** The `tool_search` tool. */
export const toolSearch = buildTool({
  name: TOOL_SEARCH_NAME,
  aliases: ['search_tools', 'ToolSearch'],
  // The way to every deferred tool: sent in every request (never deferred itself), and in simple mode too.
  alwaysLoad: true,
  inSimpleMode: true,
  // Offered only when there is something to load.
  isEnabled: (context) => context === undefined || context.tools.some((tool) => isDeferredTool(tool) && tool.isEnabled(context)),
  searchHint: 'find and load more capabilities by keyword',
  inputSchema,
  prompt: [
    'Loads tools that are listed by name in the system prompt but not yet available.',
    'Use "select:name1,name2" when you know the names; otherwise give keywords ("+term" = required) and the best matches are loaded.',
    'Loaded tools stay available for the rest of the run; call them normally afterwards.',
  ].join(' '),
  description: (input) => `Search tools: ${input.query}`,
  isConcurrencySafe: () => true,
  isReadOnly: () => true,
  interruptBehavior: () => 'cancel',
  checkPermissions: async () => ({ behavior: 'allow', reason: 'Loading tool schemas changes nothing outside the run.' }),
  async call(input, context) {
    const deferred = context.tools.filter(isDeferredTool);
    const output: ToolSearchOutput = { query: input.query, loaded: [], alreadyLoaded: [], unknown: [], available: deferred.map((t) => t.name) };
    const discovered = context.getAppState().discoveredTools;
    let found: AnyTool[];
    if (input.query.trim().startsWith('select:')) {
      found = [];
      for (const name of input.query
        .trim()
        .slice('select:'.length)
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)) {
        const tool = findToolByName(context.tools, name);
        if (!tool) output.unknown.push(name);
        else if (!isDeferredTool(tool) || discovered.includes(tool.name)) output.alreadyLoaded.push(tool.name);
        else if (!found.includes(tool)) found.push(tool);
      }
    } else {
      found = searchTools(deferred, input.query, input.max_results);
    }
    const fresh = found.filter((tool) => !discovered.includes(tool.name));
    if (fresh.length > 0) {
      context.setAppState((prior) => ({
        ...prior,
        discoveredTools: [...prior.discoveredTools, ...fresh.map((t) => t.name).filter((n) => !prior.discoveredTools.includes(n))],
      }));
    }
    output.loaded = found.map((tool) => ({ name: tool.name, description: firstSentence(tool.prompt) }));
    return { data: output };
  },
  mapResultForModel(output) {
    const lines: string[] = [];
    if (output.loaded.length > 0) {
      lines.push(`Loaded ${output.loaded.length} tool(s); you can call them now:`);
      for (const tool of output.loaded) lines.push(`- ${tool.name}: ${tool.description}`);
    }
    if (output.alreadyLoaded.length > 0) lines.push(`Already available (no need to load): ${output.alreadyLoaded.join(', ')}.`);
    if (output.unknown.length > 0) lines.push(`No tool is named: ${output.unknown.join(', ')}.`);
    if (output.loaded.length === 0 && output.alreadyLoaded.length === 0) {
      lines.push(`No tool matched "${output.query}".`);
      lines.push(
        output.available.length > 0
          ? `Tools you can load: ${output.available.join(', ')}. Try other keywords, or "select:<name>" with one of these names.`
          : 'There are no more tools to load; use the tools you already have.',
      );
    }
    return [{ type: 'text', text: lines.join('\n') }];
  },
});
