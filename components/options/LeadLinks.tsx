import { useEffect, useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import { profileSlug } from '../../lib/pronet/canonical-url';
import type { LeadLinkView } from '../../lib/views';
import { errorText, type ErrorText } from '../error-text';
import { formatDateTime } from '../format';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Icon } from '../ui/Icon';

/** The profiles linked by hand to a lead (Find by name → Link) on this browser; each can be removed. */
export function LeadLinks({ messenger }: { messenger: Messenger }) {
  const [links, setLinks] = useState<LeadLinkView[] | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);

  useEffect(() => {
    void messenger.send('lead-links', {}).then((reply) => (reply.ok ? setLinks(reply.value) : setError(errorText(reply.error))));
  }, [messenger]);

  async function unlink(profileUrl: string) {
    const reply = await messenger.send('unlink-lead', { profileUrl });
    if (reply.ok) {
      setError(null);
      setLinks(reply.value);
    } else setError(errorText(reply.error));
  }

  return (
    <section class="stack lead-links" aria-labelledby="links-title">
      <h3 class="field-label" id="links-title">
        {t('sectionLinks')}
      </h3>
      <p class="field-hint">{t('sectionLinksIntro')}</p>
      {links === null ? null : links.length === 0 ? (
        <p class="muted">{t('linksEmpty')}</p>
      ) : (
        <ul class="host-list" aria-label={t('linksList')}>
          {links.map((l) => (
            <li key={l.profileUrl} class="row">
              <span class="spacer">
                <strong>{l.name}</strong> · {profileSlug(l.profileUrl) ?? l.profileUrl}
                <span class="field-hint block">{t('linkedOn', formatDateTime(l.linkedAt))}</span>
              </span>
              <Button size="sm" variant="ghost" aria-label={t('unlinkLead', l.name)} title={t('unlinkLead', l.name)} onClick={() => void unlink(l.profileUrl)} icon={<Icon name="x" />} />
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p class="field-error" role="alert">
          <ErrorMessage text={error} />
        </p>
      ) : null}
    </section>
  );
}
