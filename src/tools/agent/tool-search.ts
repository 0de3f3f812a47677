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
  /** Every deferred tool with what it is for, for the no-match answer. */
  available: Array<{ name: string; hint: string }>;
}

/** Splits a tool name into lower-case words: `mcp__github__create_issue` → mcp, github, create, issue. */
export function nameParts(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Words that say nothing about what a tool does ("move the element on the page"): they matched every
 * description and loaded unrelated tools, a delete among them.
 */
const FILLER = new Set(
  'a an the to of on in into onto for and or with from by at as it its this that these those my me i is be do not no how can want need use using some any thing something element elements page pages tool tools item items web site'.split(
    ' ',
  ),
);

/** A light stem, applied to both sides so "uploading", "uploads" and "upload" meet, and "move" never matches "remove". */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  if (w.length > 3 && w.at(-1) === w.at(-2) && !/[aeiou]/.test(w.at(-1) ?? '')) w = w.slice(0, -1);
  return w;
}

const wordsOf = (text: string): Set<string> =>
  new Set(
    nameParts(text)
      .filter((word) => !FILLER.has(word))
      .map(stem),
  );

/** Where a term matched a tool: its name, its search hint, or only its longer description. */
interface ToolMatch {
  score: number;
  /** Terms found in the name or the search hint: what the tool is for. */
  strong: number;
  /** Terms found anywhere. */
  any: number;
}

function matchTool(tool: AnyTool, terms: readonly string[]): ToolMatch {
  const name = new Set(nameParts(tool.name).map(stem));
  const hint = wordsOf(tool.searchHint);
  const prompt = wordsOf(tool.prompt);
  const match: ToolMatch = { score: 0, strong: 0, any: 0 };
  for (const term of terms) {
    const inName = name.has(term);
    const inHint = hint.has(term);
    const inPrompt = prompt.has(term);
    match.score += (inName ? 10 : 0) + (inHint ? 4 : 0) + (inPrompt ? 1 : 0);
    if (inName || inHint) match.strong++;
    if (inName || inHint || inPrompt) match.any++;
  }
  return match;
}

/** The terms of a query that carry meaning, stemmed; `+term` marks a term required. */
function termsOf(query: string): { required: string[]; optional: string[] } {
  const required: string[] = [];
  const optional: string[] = [];
  for (const raw of query.toLowerCase().split(/\s+/).filter(Boolean)) {
    const isRequired = raw.startsWith('+') && raw.length > 1;
    for (const word of nameParts(isRequired ? raw.slice(1) : raw)) {
      if (FILLER.has(word)) continue;
      (isRequired ? required : optional).push(stem(word));
    }
  }
  return { required, optional };
}

/**
 * Ranks tools for a keyword query, best first, ties by name. A tool is a match when a term names what it is
 * for (its name or search hint), or when its description has at least half the terms (two at the least):
 * one shared common word in a long description is not a match. `+term` terms must each match somewhere.
 */
export function searchTools(tools: Tools, query: string, maxResults: number): AnyTool[] {
  const { required, optional } = termsOf(query);
  const terms = [...new Set([...required, ...optional])];
  if (terms.length === 0) return [];
  const enough = Math.max(2, Math.ceil(terms.length / 2));
  const ranked: Array<{ tool: AnyTool; score: number }> = [];
  for (const tool of tools) {
    if (required.some((term) => matchTool(tool, [term]).any === 0)) continue;
    const match = matchTool(tool, terms);
    if (match.strong > 0 || match.any >= Math.min(enough, terms.length)) ranked.push({ tool, score: match.score });
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
    const output: ToolSearchOutput = {
      query: input.query,
      loaded: [],
      alreadyLoaded: [],
      unknown: [],
      available: deferred.map((t) => ({ name: t.name, hint: t.searchHint })),
    };
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
      lines.push(`No tool matched "${output.query}": no tool you can load does that.`);
      if (output.available.length > 0) {
        lines.push('Tools you can load, and what each is for:');
        for (const tool of output.available) lines.push(tool.hint ? `- ${tool.name}: ${tool.hint}` : `- ${tool.name}`);
        lines.push('Load one with "select:<name>" if it fits; otherwise use the tools you already have, or tell the person what cannot be done.');
      } else lines.push('There are no more tools to load; use the tools you already have.');
    }
    return [{ type: 'text', text: lines.join('\n') }];
  },
});
