/** The empty chat: three example requests for the page the panel is on; one click sends one. */
import { useEffect } from 'preact/hooks';
import { hostOf } from '../lib/names.js';
import type { AppModel } from '../models/app-model.js';

/** The examples: each shows a different tool at work (page text, the page's controls, a search). */
export const EXAMPLE_REQUESTS = ['Summarize this page', 'What can I do on this page?', 'Find the contact details on this page'] as const;

/** The example requests of an empty chat. */
export function Examples({ app }: { app: AppModel }) {
  useEffect(() => void app.refreshTabPage(), []);
  const page = app.tabPage.value;
  const host = page && /^https?:/.test(page.url) ? hostOf(page.url) : undefined;
  const ready = app.conversation.conversationId.value !== undefined;
  return (
    <div class="examples">
      <p class="muted">
        Ask about {host ? <strong>{host}</strong> : 'this page'}, or ask Pagewright to do something on it. It asks you before it changes anything. For example:
      </p>
      <ul class="example-list">
        {EXAMPLE_REQUESTS.map((text) => (
          <li key={text}>
            <button type="button" class="example" disabled={!ready} onClick={() => app.conversation.sendMessage(text)}>
              {text}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
