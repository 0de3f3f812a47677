/** What read_page and find share in their views: a one-line count of what was read, the tree itself behind a toggle. */
import { counted } from '../../lib/names.js';
import type { ToolCallView } from '../../models/types.js';
import { PersistedResult, RawOutput, resultText } from '../view-parts.js';
import type { ViewContext } from '../types.js';

/** Counts tree lines that carry a ref (`[ref=e12]`): the things on the page the agent can act on. */
export function countRefs(text: string): number {
  return (text.match(/\[ref=[a-z0-9]+\]/gi) ?? []).length;
}

/** "14 controls": what a read found, for the header. */
export const controlsFound = (call: ToolCallView): string => counted(countRefs(resultText(call)), 'control');

/** The body of a read: the tree (or the matches) as the agent got it, behind a toggle. */
export function treeResult(call: ToolCallView, context: ViewContext) {
  const text = resultText(call);
  const lines = text === '' ? 0 : text.split('\n').length;
  const tree = <RawOutput text={text} label={`What the agent read (${counted(lines, 'line')})`} />;
  if (call.persisted?.storedId !== undefined)
    return (
      <PersistedResult call={call} context={context}>
        {tree}
      </PersistedResult>
    );
  return text === '' ? null : tree;
}
