import type { ErrorText } from '../error-text';

export interface ErrorMessageProps {
  text: ErrorText;
  class?: string;
}

/**
 * An error as the user reads it: our sentence, and beneath it, muted and smaller, the detail (the
 * service's own words, a technical note). Both are text nodes: a detail is never markup.
 */
export function ErrorMessage({ text, class: cls }: ErrorMessageProps) {
  return (
    <span class={cls ? `error-message ${cls}` : 'error-message'}>
      <span class="error-sentence">{text.sentence}</span>
      {text.detail ? <span class="error-detail">{text.detail}</span> : null}
    </span>
  );
}
