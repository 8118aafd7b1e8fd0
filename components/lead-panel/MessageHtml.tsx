import { useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { t } from '../i18n';
import { MESSAGE_HTML_MAX, sanitizedFragment } from './sanitize';

/**
 * A message body written in HTML, sanitised once per content (not on every render of the list) and
 * mounted as the sanitiser's nodes (`replaceChildren` of a copy), never through `innerHTML`. Beyond
 * `MESSAGE_HTML_MAX` characters it says to open the message on the service instead.
 */
export function MessageHtml({ content }: { content: string }) {
  const tooLong = content.length > MESSAGE_HTML_MAX;
  const fragment = useMemo(() => (tooLong ? null : sanitizedFragment(content)), [content, tooLong]);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current && fragment) ref.current.replaceChildren(fragment.cloneNode(true));
  }, [fragment]);
  if (tooLong) return <p class="message-body message-text muted">{t('messageTooLong')}</p>;
  return <div class="message-body message-html" ref={ref} />;
}
