import { useState } from 'preact/hooks';
import type { ContactField } from '../../lib/api/enrichment';
import type { ContactView, EnrichmentView } from '../../lib/views';
import { formatDateTime } from '../format';
import { t, type MessageKey } from '../i18n';
import { EnrichmentStatus } from './EnrichmentStatus';

const fieldKeys: Record<ContactField, MessageKey> = {
  proEmail: 'contactProEmail',
  persoEmail: 'contactPersoEmail',
  phone: 'contactPhone',
};

export interface ContactDetailsProps {
  contacts: readonly ContactView[];
  enrichment?: EnrichmentView | undefined;
  now: number;
  /** Puts the text on the clipboard (the page's own `navigator.clipboard` by default). */
  copy?: (text: string) => Promise<void>;
  /** False inside a fold that already says "Contact details". */
  heading?: boolean;
}

const clipboardCopy = (text: string) => navigator.clipboard.writeText(text);

/** The lead's email addresses and phone, each with where it came from; a click copies one. */
export function ContactDetails({ contacts, enrichment, now, copy = clipboardCopy, heading = true }: ContactDetailsProps) {
  const [copied, setCopied] = useState<{ field: ContactField; ok: boolean } | null>(null);

  async function copyOne(c: ContactView) {
    try {
      await copy(c.value);
      setCopied({ field: c.field, ok: true });
    } catch {
      setCopied({ field: c.field, ok: false });
    }
  }

  return (
    <section class="card card-body stack contact-details" aria-label={t('contactsTitle')}>
      {heading ? <span class="section-label">{t('contactsTitle')}</span> : null}
      {contacts.length === 0 ? <p class="muted small">{t('contactsNone')}</p> : null}
      {contacts.length > 0 ? (
        <dl class="contacts">
          {contacts.map((c) => (
            <div key={c.field} class="contact">
              <dt>{t(fieldKeys[c.field])}</dt>
              <dd>
                <button type="button" class="contact-value" data-testid={`contact-${c.field}`} title={t('contactCopy')} onClick={() => void copyOne(c)}>
                  {c.value}
                </button>
                <span class="muted small contact-source">
                  {c.source === 'enrichment' && c.foundAt !== null ? t('contactFromEnrichment', formatDateTime(c.foundAt)) : t('contactFromLead')}
                </span>
                {copied?.field === c.field ? (
                  <span class={`small ${copied.ok ? 'contact-copied' : 'field-error'}`} role="status">
                    {t(copied.ok ? 'contactCopied' : 'contactCopyFailed')}
                  </span>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {enrichment ? <EnrichmentStatus enrichment={enrichment} now={now} /> : null}
    </section>
  );
}
