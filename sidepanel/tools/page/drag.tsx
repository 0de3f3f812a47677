/** The view of `drag` (src/tools/page/drag.ts): its header is the default one; what followed in words, as an act's. */
import type { drag } from '../../../src/tools/page/drag.js';
import type { ToolView } from '../types.js';
import { actionResult } from './action.js';

export const view: ToolView<typeof drag> = { result: actionResult };
