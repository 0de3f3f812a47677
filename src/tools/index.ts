/**
 * The one static list of built-in tools. Every tool file under `src/tools/` is imported here and
 * nowhere else registers tools (a meta-test checks it). An entry with a `gate` is left out entirely
 * when that feature gate is off, so the model never sees it.
 */
import type { Tools } from '../runtime/tool.js';
import { agent } from './agent/agent.js';
import { toolSearch } from './agent/tool-search.js';
import { readConsole } from './devtools/read-console.js';
import { readNetwork } from './devtools/read-network.js';
import { runScript } from './devtools/run-script.js';
import { click } from './page/click.js';
import { fillForm } from './page/fill-form.js';
import { find } from './page/find.js';
import { getPageText } from './page/get-page-text.js';
import { handleDialog } from './page/handle-dialog.js';
import { hover } from './page/hover.js';
import { navigate } from './page/navigate.js';
import { pressKey } from './page/press-key.js';
import { readPage } from './page/read-page.js';
import { screenshot } from './page/screenshot.js';
import { scroll } from './page/scroll.js';
import { selectOption } from './page/select-option.js';
import { typeText } from './page/type.js';
import { waitFor } from './page/wait-for.js';
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

/** One entry of the list: a tool, and the feature gate it needs if any. */
export interface ToolEntry {
  tool: Tools[number];
  /** The feature gate this tool needs; on when the gate is true (or, if unset, its default). */
  gate?: string;
}

// Keep sorted by file path; the pool order sent to the model is decided in registry.ts, not here.
const ENTRIES: readonly ToolEntry[] = [
  { tool: agent },
  { tool: toolSearch },
  { tool: readConsole },
  { tool: readNetwork },
  { tool: runScript },
  { tool: click },
  { tool: fillForm },
  { tool: find },
  { tool: getPageText },
  { tool: handleDialog },
  { tool: hover },
  { tool: navigate },
  { tool: pressKey },
  { tool: readPage },
  { tool: screenshot },
  { tool: scroll },
  { tool: selectOption },
  { tool: typeText },
  { tool: waitFor },
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

/** The tools of `entries` whose gates are on (`gates` over DEFAULT_GATES; an unknown gate is off). */
export function selectGatedTools(entries: readonly ToolEntry[], gates: Record<string, boolean> = {}): Tools {
  const isOn = (gate: string) => (Object.hasOwn(gates, gate) ? gates[gate] : DEFAULT_GATES[gate]) === true;
  return entries.filter((entry) => entry.gate === undefined || isOn(entry.gate)).map((entry) => entry.tool);
}

/** The built-in tools whose gates are on. */
export function builtInTools(options: { gates?: Record<string, boolean> } = {}): Tools {
  return selectGatedTools(ENTRIES, options.gates);
}

/** Every entry, gated or not: for the meta-test that checks each tool file is listed. */
export const allToolEntries = (): readonly ToolEntry[] => ENTRIES;
