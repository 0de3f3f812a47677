/** The chat transcript: the person's messages, the assistant's Markdown, tool calls, and the live stream. */
import type { ConversationModel, DisplayItem } from '../models/conversation-model.js';
import type { ToolCallView } from '../models/types.js';
import type { ViewContext } from '../views/types.js';
import { Markdown } from './Markdown.js';
import { ToolGroup } from './ToolCall.js';

function Item({ item, calls, context }: { item: DisplayItem; calls: ReadonlyMap<string, ToolCallView>; context: ViewContext }) {
  switch (item.kind) {
    case 'person':
      return (
        <div class="message person">
          <p class="sr-only">You:</p>
          <p class="person-text">{item.text}</p>
        </div>
      );
    case 'assistant':
      return (
        <div class="message assistant" data-role="assistant">
          <Markdown text={item.text} />
        </div>
      );
    case 'tools':
      return (
        <ToolGroup
          calls={item.toolUseIds.flatMap((id) => {
            const call = calls.get(id);
            return call ? [call] : [];
          })}
          context={context}
        />
      );
  }
}

export function Transcript({ model }: { model: ConversationModel }) {
  const context: ViewContext = {
    openFullResult: (storedId) => model.openFullResult(storedId),
    fullResult: (storedId) => model.fullResults.value[storedId],
    awaitingPermission: (toolUseId) => model.pendingPermission.value?.toolUseId === toolUseId,
  };
  const items = model.items.value;
  const calls = model.displayCalls.value;
  const streaming = model.streamingText.value;
  return (
    <div class="transcript" role="log" aria-live="polite" aria-label="Conversation">
      {items.length === 0 && streaming === '' && <p class="empty muted">Ask about this page, or ask Pagewright to do something on it.</p>}
      {items.map((item) => (
        <Item key={item.key} item={item} calls={calls} context={context} />
      ))}
      {streaming !== '' && (
        <div class="message assistant streaming" data-role="assistant" aria-busy="true">
          <Markdown text={streaming} />
        </div>
      )}
    </div>
  );
}
