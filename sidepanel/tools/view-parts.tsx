/** Small pieces the tool views share. */
import type { ComponentChild } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ToolCallView } from '../models/types.js';
import type { ViewContext } from './types.js';

/** Results longer than this start collapsed. */
export const COLLAPSE_AFTER_CHARS = 600;
/** Results with more lines than this start collapsed. */
export const COLLAPSE_AFTER_LINES = 12;

/** The text blocks of a result, joined. */
export function resultText(call: ToolCallView): string {
  return (call.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

/** The images of a result (in its content, or added after it) as data URLs (only the media types the protocol allows). */
export function resultImages(call: ToolCallView): string[] {
  return [...(call.content ?? []), ...(call.images ?? [])].flatMap((block) =>
    block.type === 'image' ? [`data:${block.source.media_type};base64,${block.source.data}`] : [],
  );
}

/** A field of an object input, if it is a string/number. */
export function inputField(call: ToolCallView, key: string): string | undefined {
  const input = call.input;
  if (typeof input !== 'object' || input === null || !Object.hasOwn(input, key)) return undefined;
  const value = (input as Record<string, unknown>)[key];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

/** A compact one-line JSON of an input, cut to `max` characters. */
export function compactJson(value: unknown, max = 160): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? '';
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const isLong = (text: string): boolean => text.length > COLLAPSE_AFTER_CHARS || text.split('\n').length > COLLAPSE_AFTER_LINES;

/** Preformatted text; long text starts collapsed behind a summary line. */
export function CollapsibleText({ text, summary, className }: { text: string; summary?: string; className?: string }) {
  const pre = <pre class={className ?? 'tool-text'}>{text}</pre>;
  if (!isLong(text)) return pre;
  const lines = text.split('\n').length;
  return (
    <details class="collapsible">
      <summary>{summary ?? `Show result (${lines} lines, ${text.length.toLocaleString()} characters)`}</summary>
      {pre}
    </details>
  );
}

/** For over-budget results: the preview the model got and an action that fetches the full text. */
export function PersistedResult({ call, context, children }: { call: ToolCallView; context: ViewContext; children?: ComponentChild }) {
  const storedId = call.persisted?.storedId;
  const total = call.persisted?.totalChars;
  const full = storedId === undefined ? undefined : context.fullResult(storedId);
  return (
    <div class="persisted">
      <p class="muted">
        Large result{total === undefined ? '' : ` (${total.toLocaleString()} characters)`}, stored in the extension; the model saw this preview.
      </p>
      {children ?? <CollapsibleText text={resultText(call)} summary="Show preview" />}
      {storedId !== undefined && full?.status !== 'loaded' && (
        <button type="button" class="link-button" disabled={full?.status === 'loading'} onClick={() => context.openFullResult(storedId)}>
          {full?.status === 'loading' ? 'Opening…' : 'Open full result'}
        </button>
      )}
      {full?.status === 'error' && <p class="error-text">{full.message}</p>}
      {full?.status === 'loaded' && (
        <details class="collapsible full-result" open>
          <summary>Full result</summary>
          <pre class="tool-text">{full.content}</pre>
        </details>
      )}
    </div>
  );
}

/**
 * The line addressed to the person under a failed or cancelled call. The payload's `suggestion` is
 * written for the model ("Do not repeat it unless the person asks"), so it is not shown as if it
 * were advice to the person; these lines are.
 */
export function personLine(call: ToolCallView): string {
  switch (call.error?.code) {
    case 'NOT_FINISHED': // made by the panel, never sent to the model
      return 'Check the page, then ask again if needed.';
    case 'INTERRUPTED':
      return 'It was not re-run. Check the page before you resume.';
    case 'CANCELLED':
      return 'It was stopped before it finished and may have partly happened.';
  }
  if (call.status === 'cancelled') return 'It was stopped before it finished.';
  return 'The agent was told about this failure and decides what to do next.';
}

/** Codes the panel makes itself: their suggestion was never given to the model. */
const PANEL_ONLY_CODES = new Set(['NOT_FINISHED']);

/**
 * An error payload: code and message, a line for the person, and the suggestion the model got,
 * labelled as such behind a disclosure (unchanged: it is what the agent was told).
 */
export function ErrorDetail({ call, fallback }: { call: ToolCallView; fallback: string }) {
  const error = call.error;
  if (!error) return <p class="error-text">{resultText(call) || fallback}</p>;
  return (
    <div class="error-detail">
      <p class="error-text">
        <code>{error.code}</code> {error.message}
      </p>
      <p class="person-line">{personLine(call)}</p>
      {error.suggestion && !PANEL_ONLY_CODES.has(error.code) && (
        <details class="agent-told">
          <summary>Suggestion given to the agent</summary>
          <p class="muted">{error.suggestion}</p>
        </details>
      )}
    </div>
  );
}

/** A progress line: a bar when the fraction is known, and the words. */
export function ProgressLine({ fraction, label, name }: { fraction?: number; label: string; name: string }) {
  return (
    <div class="progress">
      {fraction !== undefined && <progress value={Math.max(0, Math.min(1, fraction))} max={1} aria-label={name} />}
      <span class="muted"> {label}</span>
    </div>
  );
}

/** "12 s", "2 min 5 s": how long a call has run. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** How long the call has run, ticking once a second while it is shown (from the worker's start time). */
export function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <span class="elapsed">{formatElapsed(now - since)}</span>;
}
