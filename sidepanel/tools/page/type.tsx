/** The view of `type` (src/tools/page/type.ts). */
import type { typeText } from '../../../src/tools/page/type.js';
import type { ToolView } from '../types.js';
import { actionCall, actionResult } from './action.js';

export const view: ToolView<typeof typeText> = { call: actionCall, result: actionResult };
