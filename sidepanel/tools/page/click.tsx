/** The view of `click` (src/tools/page/click.ts). */
import type { click } from '../../../src/tools/page/click.js';
import type { ToolView } from '../types.js';
import { actionCall, actionResult } from './action.js';

export const view: ToolView<typeof click> = { call: actionCall, result: actionResult };
