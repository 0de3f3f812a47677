/** The view of `find` (src/tools/page/find.ts): the query, then the ranked matches. */
import type { find } from '../../../src/tools/page/find.js';
import { inputField } from '../view-parts.js';
import type { ToolView } from '../types.js';
import { treeResult } from './tree.js';

export const view: ToolView<typeof find> = {
  call: (call) => (
    <span>
      <strong>Find</strong> <q>{inputField(call, 'query') ?? ''}</q>
    </span>
  ),
  result: treeResult,
  grouped: (calls) => <p class="group-summary">Find {calls.map((call) => `“${inputField(call, 'query') ?? ''}”`).join(', ')}</p>,
};
