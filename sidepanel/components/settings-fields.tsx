/** What every Settings field shares: its label, hint, warning and error, tied to the input for assistive tech. */
import type { ComponentChildren } from 'preact';

/** The id of a field's input (its label, error and warning hang off it). */
export const fieldId = (path: string) => `field-${path.replace(/[^a-z0-9]+/gi, '-')}`;

/** A labelled field with its hint, warning and error. */
export function Field({
  path,
  label,
  errors,
  children,
  hint,
  warning,
}: {
  path: string;
  label: string;
  errors: Readonly<Record<string, string>>;
  children: ComponentChildren;
  hint?: string;
  /** Shown but does not block saving. */
  warning?: string | undefined;
}) {
  const error = errors[path];
  return (
    <div class={`field${error ? ' invalid' : ''}`}>
      <label for={fieldId(path)}>{label}</label>
      {children}
      {hint && <p class="hint muted">{hint}</p>}
      {warning && (
        <p id={`${fieldId(path)}-warning`} class="field-warning">
          <strong>Warning:</strong> {warning}
        </p>
      )}
      {error && (
        <p id={`${fieldId(path)}-error`} class="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Props that tie an input to its label and error message. */
export const a11y = (path: string, errors: Readonly<Record<string, string>>) => ({
  id: fieldId(path),
  'aria-invalid': errors[path] ? true : undefined,
  'aria-describedby': errors[path] ? `${fieldId(path)}-error` : undefined,
});
