/** The view of `find` (src/tools/page/find.ts): the query, then how many matches, with the matches behind a toggle. */
import type { find } from '../../../src/tools/page/find.js';
import { counted, quote } from '../../lib/names.js';
import { inputField, resultText } from '../view-parts.js';
import type { ToolView } from '../types.js';
import { countRefs, treeResult } from './tree.js';

/** find: the query, then how many matches. */
export const view: ToolView<typeof find> = {
  call: (call) => {
    const query = quote(inputField(call, 'query') ?? '');
    if (call.status !== 'done')
      return (
        <span>
          <strong>Find</strong> {query}
        </span>
      );
    const matches = countRefs(resultText(call));
    return (
      <span>
        <strong>{matches === 0 ? 'Found nothing' : `Found ${counted(matches, 'match', 'matches')}`}</strong> for {query}
      </span>
    );
  },
  result: treeResult,
  grouped: (calls) => <p class="group-summary">Find {calls.map((call) => quote(inputField(call, 'query') ?? '')).join(', ')}</p>,
};
