/** The default view: serves every renderer a tool's own view leaves out. */
import type { CompleteToolView } from './types.js';
import { CollapsibleText, Elapsed, ErrorDetail, PersistedResult, compactJson, resultImages, resultText } from './view-parts.js';

const humanName = (name: string): string => name.replace(/_/g, ' ');

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

/** Every renderer, for tools without a view of their own and for what a view leaves out. */
export const defaultView: CompleteToolView = {
  call: (call) => (
    <span>
      <strong>{humanName(call.name)}</strong>
      {call.description ? <span> — {call.description}</span> : call.input !== undefined && <code class="input-json"> {compactJson(call.input)}</code>}
    </span>
  ),
  // A tool that reports nothing still shows that time passes: a slow page does not look like a hung one.
  progress: (call) => {
    const text = progressText(call.progress);
    return (
      <p class="progress muted">
        {text ?? 'Working…'}
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
        {text && <CollapsibleText text={text} />}
        {resultImages(call).map((src, index) => (
          <img key={index} class="result-image" src={src} alt={`Image returned by ${humanName(call.name)}`} />
        ))}
      </div>
    );
  },
  rejected: (call) => {
    const reason = call.permission?.type === 'person' ? call.permission.reason : undefined;
    return (
      <div class="rejected">
        <p>Not allowed{reason ? `: ${reason}` : '.'}</p>
        {call.error && <p class="muted">{call.error.message}</p>}
      </div>
    );
  },
  error: (call) => <ErrorDetail call={call} fallback={call.status === 'cancelled' ? 'Cancelled.' : 'The call failed.'} />,
  grouped: (calls) => {
    const done = calls.filter((call) => call.status === 'done').length;
    return (
      <p class="group-summary">
        {calls.length} × {humanName(calls[0]?.name ?? 'tool')} — {done} of {calls.length} done
      </p>
    );
  },
};
