/** The chat transcript: the person's messages, the assistant's Markdown, tool calls, and the live stream. */
import type { ComponentChild } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { ConversationModel, DisplayItem } from '../models/conversation-model.js';
import type { FullResultsModel } from '../models/full-results-model.js';
import type { ToolCallView } from '../models/types.js';
import type { ViewContext } from '../tools/types.js';
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
    case 'context':
      return <ContextDivider entry={item.entry} />;
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

/** Where the model's context was summarised: the person keeps every turn, the model gets the summary from here on. */
function ContextDivider({ entry }: { entry: Extract<DisplayItem, { kind: 'context' }>['entry'] }) {
  if (entry.event === 'compaction_failed') {
    return (
      <div class="context-divider failed" role="note">
        <p>
          The conversation is near the model's limit and summarising it failed: {entry.error?.message ?? 'no reason given'}. Later requests may be refused;
          starting a new chat helps.
        </p>
      </div>
    );
  }
  const saved =
    entry.tokensBefore !== undefined && entry.tokensAfter !== undefined
      ? ` (about ${entry.tokensBefore.toLocaleString()} → ${entry.tokensAfter.toLocaleString()} tokens)`
      : '';
  return (
    <div class="context-divider" role="note" data-context="compacted">
      <p>
        <strong>Summarised for the model.</strong> The {entry.summarizedMessages ?? ''} messages above now reach the model as a summary{saved}; you still see
        them all here.
      </p>
      {entry.summary && (
        <details>
          <summary>The summary the model got</summary>
          <pre class="tool-text">{entry.summary}</pre>
        </details>
      )}
    </div>
  );
}

/**
 * Keeps the scroll container pinned to the newest content while the person is at the bottom; once they
 * scroll up to read, new content no longer pulls them down.
 */
function useStickToBottom(ref: { current: HTMLElement | null }, change: unknown): void {
  const stick = useRef(true);
  useEffect(() => {
    const container = ref.current?.closest<HTMLElement>('.app-main');
    if (!container) return undefined;
    const onScroll = () => {
      stick.current = container.scrollHeight - container.scrollTop - container.clientHeight < 60;
    };
    container.addEventListener('scroll', onScroll, { passive: true });
    return () => container.removeEventListener('scroll', onScroll);
  }, [ref]);
  useEffect(() => {
    const container = ref.current?.closest<HTMLElement>('.app-main');
    if (container && stick.current) container.scrollTop = container.scrollHeight;
  }, [ref, change]);
}

/** The transcript of the shown conversation; `empty` is what an empty one shows (the example requests). */
export function Transcript({ model, fullResults, empty }: { model: ConversationModel; fullResults: FullResultsModel; empty?: ComponentChild }) {
  const ref = useRef<HTMLDivElement>(null);
  const context: ViewContext = {
    openFullResult: (storedId) => void fullResults.open(storedId),
    fullResult: (storedId) => fullResults.byId.value[storedId],
    awaitingPermission: (toolUseId) => model.pendingPermission.value?.toolUseId === toolUseId,
  };
  const items = model.items.value;
  const calls = model.displayCalls.value;
  const streaming = model.streamingText.value;
  useStickToBottom(ref, [items, calls, streaming, model.run.value, model.queued.value]);
  return (
    <div ref={ref} class="transcript" role="log" aria-live="polite" aria-label="Conversation">
      {items.length === 0 && streaming === '' && empty}
      {items.map((item) => (
        <Item key={item.key} item={item} calls={calls} context={context} />
      ))}
      {streaming !== '' && (
        <div class="message assistant streaming" data-role="assistant" aria-busy="true">
          <Markdown text={streaming} />
        </div>
      )}
      {model.queued.value.map((queued) => (
        <div key={queued.id} class="message person queued" data-queued="true">
          <p class="queued-label muted">Queued — the agent reads it after its current step</p>
          <p class="person-text">{queued.text}</p>
        </div>
      ))}
    </div>
  );
}
