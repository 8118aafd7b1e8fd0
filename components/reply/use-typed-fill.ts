/**
 * Typed placeholders filled as a pick is (issue 34: only picks were filled): the merge fields of the
 * lead the panel shows are asked of the worker once a `{{` is typed (a reply without one costs no
 * look-up), and the reply is read filled. What no field fills stays and blocks Send.
 */
import { useEffect, useState } from 'preact/hooks';
import { fillTyped, type TypedFill } from '../../lib/inbox/reply-picker';
import type { Messenger } from '../../lib/messages';

export function useTypedFill(messenger: Messenger, conversationId: string, leadId: string, text: string, subject: string | null): TypedFill {
  const [fields, setFields] = useState<{ key: string; value: Readonly<Record<string, string>> } | null>(null);
  const key = `${conversationId}/${leadId}`;
  const wanted = (text.includes('{{') || (subject ?? '').includes('{{')) && fields?.key !== key;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void messenger.send('reply-templates', { conversationId, leadId }).then((r) => {
      if (live && r.ok) setFields({ key, value: r.value.fields });
    });
    return () => {
      live = false;
    };
  }, [wanted, key, messenger]);
  return fillTyped(text, subject, fields?.key === key ? fields.value : null);
}
