/**
 * The one static list of built-in tools. Every tool file under `src/tools/` is imported here and
 * nowhere else registers tools (a meta-test checks it).
 */
import type { Tools } from '../runtime/tool.js';
import { agent } from './agent/agent.js';
import { toolSearch } from './agent/tool-search.js';
import { updatePlan } from './agent/update-plan.js';
import { readConsole } from './devtools/read-console.js';
import { readNetwork } from './devtools/read-network.js';
import { runScript } from './devtools/run-script.js';
import { click } from './page/click.js';
import { fillForm } from './page/fill-form.js';
import { find } from './page/find.js';
import { getPageText } from './page/get-page-text.js';
import { handleDialog } from './page/handle-dialog.js';
import { hover } from './page/hover.js';
import { drag } from './page/drag.js';
import { navigate } from './page/navigate.js';
import { pressKey } from './page/press-key.js';
import { readPage } from './page/read-page.js';
import { screenshot } from './page/screenshot.js';
import { scroll } from './page/scroll.js';
import { selectOption } from './page/select-option.js';
import { typeText } from './page/type.js';
import { selectText } from './page/select-text.js';
import { uploadFile } from './page/upload-file.js';
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

// Keep sorted by file path; the pool order sent to the model is decided in registry.ts, not here.
const TOOLS: Tools = [
  agent,
  toolSearch,
  updatePlan,
  readConsole,
  readNetwork,
  runScript,
  click,
  fillForm,
  find,
  getPageText,
  handleDialog,
  hover,
  drag,
  navigate,
  pressKey,
  readPage,
  screenshot,
  scroll,
  selectOption,
  typeText,
  selectText,
  uploadFile,
  waitFor,
  memoryDelete,
  memoryRead,
  memoryWrite,
  readResult,
  saveFile,
  closeTab,
  listTabs,
  openTab,
  switchTab,
];

/** The built-in tools, in the order of this list. */
export const builtInTools = (): Tools => TOOLS;
