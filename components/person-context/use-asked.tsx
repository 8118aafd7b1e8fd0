/** An answer the panel asks the worker for when shown, asked again when `subject` changes; and its failure shown. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Reply } from '../../lib/messages';
import { errorText, type ErrorText } from '../error-text';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';

export type Asked<T> = { kind: 'asking' } | { kind: 'error'; text: ErrorText } | { kind: 'ready'; value: T };

/** The view model's schema: a reply of another shape is shown as an error, never rendered. */
interface ViewSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** `ask(undefined)` when shown; `again(arg)` asks once more (a button pressed), the newest ask wins. */
export function useAsked<T, A>(subject: string, schema: ViewSchema<T>, ask: (arg?: A) => Promise<Reply<T>>): [Asked<T>, (arg?: A) => void] {
  const [state, setState] = useState<Asked<T>>({ kind: 'asking' });
  const turn = useRef(0);
  const askRef = useRef(ask);
  askRef.current = ask;
  const schemaRef = useRef(schema);
  schemaRef.current = schema;
  const run = useCallback((arg?: A) => {
    const mine = ++turn.current;
    setState({ kind: 'asking' });
    void askRef.current(arg).then((reply) => {
      if (mine !== turn.current) return;
      if (!reply.ok) return setState({ kind: 'error', text: errorText(reply.error) });
      const parsed = schemaRef.current.safeParse(reply.value);
      setState(parsed.success ? { kind: 'ready', value: parsed.data } : { kind: 'error', text: errorText({ code: 'internal' }) });
    });
  }, []);
  useEffect(() => {
    run();
    // A panel that goes away drops the answer of its last ask.
    return () => void ++turn.current;
  }, [subject, run]);
  return [state, run];
}

/** An ask that failed: why, in the user's words, and Retry. */
export function AskFailed({ text, retry }: { text: ErrorText; retry: () => void }) {
  return (
    <div class="stack">
      <ErrorMessage text={text} />
      <Button size="sm" variant="ghost" onClick={retry}>
        {t('retry')}
      </Button>
    </div>
  );
}
