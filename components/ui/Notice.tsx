import type { ErrorText } from '../error-text';
import { ErrorMessage } from './ErrorMessage';

/** The outcome of a button's press: a sentence that it worked, or the error. */
export type NoticeMessage = { tone: 'ok'; text: string } | { tone: 'danger'; error: ErrorText };

/** A press's outcome under the controls: a status, or an alert for an error. */
export function Notice({ message }: { message: NoticeMessage | null }) {
  if (!message) return null;
  return (
    <div class={`notice notice-${message.tone}`} role={message.tone === 'danger' ? 'alert' : 'status'}>
      {message.tone === 'ok' ? message.text : <ErrorMessage text={message.error} />}
    </div>
  );
}
