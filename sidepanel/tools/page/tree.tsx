/** What read_page and find share in their views: the accessibility-style tree text, collapsible, with a line count. */
import type { ToolCallView } from '../../models/types.js';
import { CollapsibleText, PersistedResult, resultText } from '../view-parts.js';
import type { ViewContext } from '../types.js';

/** Counts tree lines that carry a ref (`[ref=e12]`): what the model can act on. */
export function countRefs(text: string): number {
  return (text.match(/\[ref=[a-z0-9]+\]/gi) ?? []).length;
}

/** The tree (or the matches) of a read, with its line and ref counts. */
export function treeResult(call: ToolCallView, context: ViewContext) {
  const text = resultText(call);
  const lines = text === '' ? 0 : text.split('\n').length;
  const summary = `${call.name === 'find' ? 'Matches' : 'Page tree'}: ${lines} lines, ${countRefs(text)} refs`;
  const tree = (
    <details class="collapsible">
      <summary>{summary}</summary>
      <pre class="tree">{text}</pre>
    </details>
  );
  if (call.persisted?.storedId !== undefined)
    return (
      <PersistedResult call={call} context={context}>
        {tree}
      </PersistedResult>
    );
  return text.length < 200 && lines <= 3 ? <CollapsibleText text={text} className="tree" /> : tree;
}
