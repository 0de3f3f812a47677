/** read_page and find: the accessibility-style tree text, collapsible, with a line count. */
import type { ToolCallView } from '../models/types.js';
import { CollapsibleText, PersistedResult, inputField, resultText } from './shared.js';
import type { ToolView, ViewContext } from './types.js';

/** Counts tree lines that carry a ref (`[ref=e12]`): what the model can act on. */
export function countRefs(text: string): number {
  return (text.match(/\[ref=[a-z0-9]+\]/gi) ?? []).length;
}

function treeResult(call: ToolCallView, context: ViewContext) {
  const text = resultText(call);
  const lines = text === '' ? 0 : text.split('\n').length;
  const summary = `${call.name === 'find' ? 'Matches' : 'Page tree'}: ${lines} lines, ${countRefs(text)} refs`;
  const tree = (
    <details class="collapsible">
      <summary>{summary}</summary>
      <pre class="tree">{text}</pre>
    </details>
  );
  if (call.persisted?.storedId !== undefined) return <PersistedResult call={call} context={context}>{tree}</PersistedResult>;
  return text.length < 200 && lines <= 3 ? <CollapsibleText text={text} className="tree" /> : tree;
}

/** The read_page view. */
export const readPageView: ToolView = {
  call: (call) => {
    const filter = inputField(call, 'filter');
    const ref = inputField(call, 'ref');
    return (
      <span>
        <strong>Read page</strong>
        {filter === 'interactive' ? ' (interactive elements)' : ''}
        {ref ? <span> from <code>{ref}</code></span> : ''}
      </span>
    );
  },
  result: treeResult,
  grouped: (calls) => <p class="group-summary">{calls.length} page reads</p>,
};

/** The find view. */
export const findView: ToolView = {
  call: (call) => (
    <span>
      <strong>Find</strong> <q>{inputField(call, 'query') ?? ''}</q>
    </span>
  ),
  result: treeResult,
  grouped: (calls) => (
    <p class="group-summary">
      Find {calls.map((call) => `“${inputField(call, 'query') ?? ''}”`).join(', ')}
    </p>
  ),
};
