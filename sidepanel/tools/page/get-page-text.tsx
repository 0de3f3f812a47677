/** The view of `get_page_text` (src/tools/page/get-page-text.ts): "Read the article: 1,240 words", the text behind a toggle. */
import type { getPageText } from '../../../src/tools/page/get-page-text.js';
import { pageTextWords } from '../../../src/shared/words.js';
import { counted } from '../../lib/names.js';
import { inputField, resultText } from '../view-parts.js';
import type { ToolView } from '../types.js';
import { treeResult } from './tree.js';

/** get_page_text: the words read, the text behind a toggle. */
export const view: ToolView<typeof getPageText> = {
  call: (call) => {
    const article = inputField(call, 'main_content') === 'true';
    if (call.status !== 'done') return <strong>{article ? 'Page text (the article)' : 'Page text'}</strong>;
    // A result stored over budget: the panel has a preview, so the whole is counted in characters.
    const total = call.persisted?.totalChars;
    return (
      <span>
        <strong>{article ? 'Read the article:' : 'Read the page text:'}</strong>{' '}
        {total !== undefined ? counted(total, 'character') : counted(pageTextWords(resultText(call)), 'word')}
      </span>
    );
  },
  result: treeResult,
};
