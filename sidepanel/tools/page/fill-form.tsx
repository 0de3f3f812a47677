/** The view of `fill_form` (src/tools/page/fill-form.ts). */
import type { fillForm } from '../../../src/tools/page/fill-form.js';
import type { ToolView } from '../types.js';
import { actionCall, actionResult } from './action.js';

export const view: ToolView<typeof fillForm> = { call: actionCall, result: actionResult };
