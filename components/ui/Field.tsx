import type { ComponentChildren } from 'preact';

export interface FieldProps {
  /** The id of the control; the label points at it. */
  id: string;
  label: ComponentChildren;
  hint?: ComponentChildren;
  error?: string | null;
  /** Extra content on the label's line (a counter, a toggle). */
  aside?: ComponentChildren;
  children: ComponentChildren;
  class?: string;
}

/**
 * A label, its control, and optional hint and error. The control must carry `id` and should set
 * `aria-describedby={describedBy(id, hint, error)}` so the hint and error are read with it.
 */
export function Field({ id, label, hint, error, aside, children, class: cls }: FieldProps) {
  return (
    <div class={`field ${cls ?? ''}`}>
      <div class="row">
        <label class="field-label" for={id}>
          {label}
        </label>
        {aside ? <span class="spacer" /> : null}
        {aside}
      </div>
      {children}
      {hint ? (
        <p class="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p class="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The `aria-describedby` value matching what a Field renders under its control. */
export function describedBy(id: string, hint?: unknown, error?: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
