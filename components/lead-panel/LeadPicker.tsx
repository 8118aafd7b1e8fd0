import { useEffect, useState } from 'preact/hooks';
import type { Reply } from '../../lib/messages';
import type { AudienceView, LeadChoiceView } from '../../lib/views';
import { formatDateTime } from '../format';
import { t } from '../i18n';
import { Button } from '../ui/Button';

export interface LeadPickerProps {
  candidates: readonly LeadChoiceView[];
  tooManyResults: boolean;
  /** Names the audiences (ids only come with the leads). */
  loadAudiences: () => Promise<Reply<AudienceView[]>>;
  onChoose: (leadId: string) => Promise<void>;
}

/**
 * Several leads have the profile (two imports of one person): the user says which one this profile
 * is. Name, company, audiences, created date and conversations tell them apart; the one with a
 * conversation comes first. Nothing is shown as "the" lead until they choose.
 */
export function LeadPicker({ candidates, tooManyResults, loadAudiences, onChoose }: LeadPickerProps) {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void loadAudiences().then((reply) => {
      if (live && reply.ok) setNames(new Map(reply.value.map((a) => [a.id, a.name])));
    });
    return () => {
      live = false;
    };
  }, [loadAudiences]);

  async function choose(leadId: string) {
    setBusy(leadId);
    try {
      await onChoose(leadId);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section class="card card-body stack" aria-labelledby="lead-picker-title">
      <h1 id="lead-picker-title" class="lead-name">
        {t('pickLeadTitle', candidates.length)}
      </h1>
      <p class="muted">{t('pickLeadBody')}</p>
      {tooManyResults ? <p class="muted">{t('pickLeadMore')}</p> : null}
      <ul class="lead-choices" aria-label={t('pickLeadList')}>
        {candidates.map((c) => {
          const audiences = c.audienceIds.map((id) => names.get(id) ?? id);
          return (
            <li key={c.id} class="lead-choice">
              <div class="picker-text">
                <span class="picker-title">{c.company ? `${c.name} · ${c.company}` : c.name}</span>
                <span class="picker-sub">
                  {t('pickLeadCreated', formatDateTime(c.createdAt))} · {t('pickLeadConversations', c.conversations)}
                </span>
                <span class="picker-sub">
                  {t('pickLeadAudiences')}: {audiences.length > 0 ? audiences.join(', ') : t('pickLeadNoAudience')}
                </span>
              </div>
              <Button size="sm" variant={c.conversations > 0 ? 'primary' : 'default'} busy={busy === c.id} disabled={busy !== null} onClick={() => void choose(c.id)}>
                {t('pickLeadChoose', c.company ? `${c.name} (${c.company})` : c.name)}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
