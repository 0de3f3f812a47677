/** Small pieces the tool views share. */
import type { ComponentChild } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { describedElement, elementPhrase, REF_PATTERN } from '../lib/names.js';
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

/**
 * What the model got, behind a toggle: tree lines, refs and instructions are written for the model, and
 * a person opens them only to see exactly what the agent saw. The one place such text is shown.
 */
export function RawOutput({ text, label = 'What the agent got' }: { text: string; label?: string }) {
  return (
    <details class="raw-output">
      <summary>{label}</summary>
      <pre class="tool-text">{text}</pre>
    </details>
  );
}

/**
 * A tool's own description of a call ("Hover over button \"Menu\"", "Press Enter on e5") in a person's
 * words: elements by name, never by ref.
 */
export function personDescription(description: string): string {
  const element = describedElement(description);
  const named = element
    ? description.replace(/(?:^|\s)[a-z][a-z-]*(?: in)? (?:"(?:[^"\\]|\\.)*"|“(?:[^”\\]|\\.)*”)/, ` ${elementPhrase(element)}`)
    : description;
  return named
    .replace(/\bunder (?:f\d+)?e\d+\b/g, 'in part of the page')
    .replace(new RegExp(REF_PATTERN.source, 'g'), 'an element')
    .trim();
}

/** For over-budget results: the preview the model got and an action that fetches the full text. */
export function PersistedResult({ call, context, children }: { call: ToolCallView; context: ViewContext; children?: ComponentChild }) {
  const storedId = call.persisted?.storedId;
  const total = call.persisted?.totalChars;
  const full = storedId === undefined ? undefined : context.fullResult(storedId);
  return (
    <div class="persisted">
      <p class="muted">
        A large result{total === undefined ? '' : ` (${total.toLocaleString()} characters)`}: the agent got a preview, the rest is stored in the extension.
      </p>
      {children ?? <RawOutput text={resultText(call)} label="The preview the agent got" />}
      {storedId !== undefined && full?.status !== 'loaded' && (
        <button type="button" class="link-button" disabled={full?.status === 'loading'} onClick={() => context.openFullResult(storedId)}>
          {full?.status === 'loading' ? 'Opening…' : 'Open full result'}
        </button>
      )}
      {full?.status === 'error' && <p class="error-text">{full.message}</p>}
      {full?.status === 'loaded' && (
        <details class="collapsible full-result raw-output" open>
          <summary>Full result</summary>
          <pre class="tool-text">{full.content}</pre>
        </details>
      )}
    </div>
  );
}

/** A failure in words, by its code: what a person sees first (the agent's message is in the details). */
const FAILURE_LINES: Readonly<Record<string, string>> = {
  STALE_REF: 'The page changed since the agent read it.',
  INVALID_REF: 'The agent pointed at something it had not read on this page.',
  ELEMENT_COVERED: 'Something on the page was covering it.',
  ELEMENT_NOT_VISIBLE: 'It was not visible on the page.',
  ELEMENT_DISABLED: 'It was switched off (disabled) on the page.',
  NOT_EDITABLE: 'That part of the page does not take typing.',
  OPTION_NOT_FOUND: 'The list had no such choice.',
  NOT_A_SELECT: 'That is not a list of choices.',
  TIMEOUT: 'The page took too long.',
  NAVIGATED: 'The page moved to another address in the meantime.',
  NAVIGATION_FAILED: 'The page could not be loaded.',
  TAB_CLOSED: 'The tab was closed.',
  NO_TAB: 'There is no tab to work on.',
  NOT_INJECTABLE: 'Pagewright cannot work on this kind of page (browser pages and the web store are off limits).',
  DIALOG_OPEN: 'A dialog of the page is waiting for an answer.',
  NO_DIALOG: 'No dialog was open.',
  FRAME_NOT_FOUND: 'That part of the page (an embedded frame) is gone.',
  FILL_INCOMPLETE: 'Some fields could not be filled.',
  INVALID_INPUT: 'The agent asked for something this tool cannot do.',
  INVALID_KEY: 'The agent asked for a key that does not exist.',
  INVALID_URL: 'That is not an address the agent may open.',
  PERMISSION_DENIED: 'It was not allowed.',
  LANDING_BLOCKED: 'The page tried to go to a site it was not allowed to, and was stopped.',
  SERVER_GONE: 'The tool server went away.',
  DOWNLOAD_FAILED: 'The file could not be saved.',
};

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
  return 'The agent was told and decides what to do next.';
}

/** What failed, in a line: the tool's message when it is in a person's words, else the line for its code. */
export function failureLine(error: NonNullable<ToolCallView['error']>): string {
  if (!REF_PATTERN.test(error.message) && !/\b[a-z]+_[a-z_]+\b/.test(error.message)) return error.message;
  return Object.hasOwn(FAILURE_LINES, error.code) ? (FAILURE_LINES[error.code] as string) : 'It did not work.';
}

/** Codes the panel makes itself: their suggestion was never given to the model. */
const PANEL_ONLY_CODES = new Set(['NOT_FINISHED']);

/**
 * An error: what failed and a line for the person; the code, message and suggestion the model got are
 * behind a toggle, unchanged (they are what the agent was told).
 */
export function ErrorDetail({ call, fallback }: { call: ToolCallView; fallback: string }) {
  const error = call.error;
  if (!error) {
    const text = resultText(call);
    return text && !REF_PATTERN.test(text) ? <p class="error-text">{text}</p> : <p class="error-text">{fallback}</p>;
  }
  const told = [`${error.code}: ${error.message}`, ...(error.suggestion && !PANEL_ONLY_CODES.has(error.code) ? [`Suggestion: ${error.suggestion}`] : [])];
  return (
    <div class="error-detail">
      <p class="error-text">{failureLine(error)}</p>
      <p class="person-line">{personLine(call)}</p>
      <RawOutput text={told.join('\n\n')} label="What the agent was told" />
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
