/**
 * The one static list of built-in tools. Every tool file under `src/tools/` is imported here and
 * nowhere else registers tools (a meta-test checks it). An entry with a `gate` is left out entirely
 * when that feature gate is off, so the model never sees it.
 */
import type { Tools } from '../runtime/tool.js';
import { toolSearch } from './agent/tool-search.js';
import { memoryDelete } from './storage/memory-delete.js';
import { memoryRead } from './storage/memory-read.js';
import { memoryWrite } from './storage/memory-write.js';
import { readResult } from './storage/read-result.js';
import { saveFile } from './storage/save-file.js';
import { closeTab } from './tab/close-tab.js';
import { listTabs } from './tab/list-tabs.js';
import { openTab } from './tab/open-tab.js';
import { switchTab } from './tab/switch-tab.js';

/** Feature gates that are on unless settings turn them off. */
export const DEFAULT_GATES: Readonly<Record<string, boolean>> = {};

interface Entry {
  tool: Tools[number];
  /** The feature gate this tool needs; on when the gate is true (or, if unset, its default). */
  gate?: string;
}

// Keep sorted by file path; the pool order sent to the model is decided in registry.ts, not here.
const ENTRIES: readonly Entry[] = [
  { tool: toolSearch },
  { tool: memoryDelete },
  { tool: memoryRead },
  { tool: memoryWrite },
  { tool: readResult },
  { tool: saveFile },
  { tool: closeTab },
  { tool: listTabs },
  { tool: openTab },
  { tool: switchTab },
];

/** The built-in tools whose gates are on. */
export function builtInTools(options: { gates?: Record<string, boolean> } = {}): Tools {
  const gates = { ...DEFAULT_GATES, ...options.gates };
  return ENTRIES.filter((entry) => entry.gate === undefined || gates[entry.gate] === true).map((entry) => entry.tool);
}
