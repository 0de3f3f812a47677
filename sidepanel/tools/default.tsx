/** The default view: serves every renderer a tool's own view leaves out. */
import { quote, REF_PATTERN, toolLabel } from '../lib/names.js';
import type { CompleteToolView } from './types.js';
import { Elapsed, ErrorDetail, PersistedResult, RawOutput, compactJson, personDescription, resultImages, resultText } from './view-parts.js';

/** Renders progress values of any shape: text, a number, `{message}`, or compact JSON. */
export function progressText(progress: unknown): string | undefined {
  if (progress === undefined || progress === null) return undefined;
  if (typeof progress === 'string' || typeof progress === 'number') return String(progress);
  if (typeof progress === 'object' && Object.hasOwn(progress, 'message')) {
    const message = (progress as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return compactJson(progress, 120);
}

/** A result short and plain enough to show as it is: one or two lines, no refs. */
const isPlain = (text: string) => text.length <= 240 && text.split('\n').length <= 2 && !REF_PATTERN.test(text);

/** Why a call was not allowed, in the person's words (the runtime's message is written for the model). */
function refusal(call: Parameters<CompleteToolView['rejected']>[0]): string {
  const permission = call.permission;
  if (permission?.type === 'person') return permission.reason ? `You said no: ${quote(permission.reason)}.` : 'You said no.';
  if (permission?.type === 'rule') return `Not allowed by your rule ${quote(permission.rule)}.`;
  if (permission?.type === 'mode' && permission.mode === 'read-only') return 'Not allowed: Pagewright is in read-only mode.';
  if (permission?.type === 'plan') return 'Not yet: in plan mode the agent shows you its plan before it changes anything.';
  return 'Not allowed.';
}

/** Every renderer, for tools without a view of their own and for what a view leaves out. */
export const defaultView: CompleteToolView = {
  call: (call) => {
    const label = toolLabel(call.name);
    const described = call.description ? personDescription(call.description) : '';
    return (
      <span>
        <strong>{label}</strong>
        {described && described.toLowerCase() !== label.toLowerCase() ? <span> — {described}</span> : null}
      </span>
    );
  },
  // A tool that reports nothing still shows that time passes: a slow page does not look like a hung one.
  progress: (call) => {
    const text = progressText(call.progress);
    return (
      <p class="progress muted">
        {text && !REF_PATTERN.test(text) ? text : 'Working…'}
        {call.startedAt !== undefined && (
          <>
            {' '}
            <Elapsed since={call.startedAt} />
          </>
        )}
      </p>
    );
  },
  result: (call, context) => {
    if (call.persisted?.storedId !== undefined) return <PersistedResult call={call} context={context} />;
    const text = resultText(call);
    return (
      <div class="result">
        {text && isPlain(text) ? <p class="result-line">{text}</p> : text && <RawOutput text={text} />}
        {resultImages(call).map((src, index) => (
          <img key={index} class="result-image" src={src} alt={`Image returned by ${toolLabel(call.name)}`} />
        ))}
      </div>
    );
  },
  rejected: (call) => (
    <div class="rejected">
      <p>{refusal(call)}</p>
      {call.error && <RawOutput text={`${call.error.code}: ${call.error.message}`} label="What the agent was told" />}
    </div>
  ),
  error: (call) => <ErrorDetail call={call} fallback={call.status === 'cancelled' ? 'Cancelled.' : 'It did not work.'} />,
  grouped: (calls) => {
    const done = calls.filter((call) => call.status === 'done').length;
    return (
      <p class="group-summary">
        {calls.length} × {toolLabel(calls[0]?.name ?? 'tool')} — {done} of {calls.length} done
      </p>
    );
  },
};
