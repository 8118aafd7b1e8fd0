/**
 * The person's records in the team's CRMs (issue 44), in a fold of their own: each record's name,
 * its CRM and `Open in <CRM>`, and which way found it (a name match may be a namesake); "Not in
 * <CRM>" for a connected CRM that has none. With no CRM connected it shows nothing at all.
 */
import { useEffect } from 'preact/hooks';
import type { Reply } from '../../lib/messages';
import { CrmRecordsView, webAddress, type CrmMatchWay } from '../../lib/views';
import { formatShortDateTime } from '../format';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { Fold, useFold } from '../ui/Fold';
import { Icon } from '../ui/Icon';
import { useRemembered } from '../ui/use-remembered';
import { crmLabel, crmMatchText } from './standing-text';
import { AskFailed, useAsked } from './use-asked';

export interface NameWords {
  firstname: string;
  lastname: string;
  companyName: string;
}

export interface CrmFoldProps {
  /** Who is shown (the profile, the lead): a new one is asked for afresh. */
  subject: string;
  load: (byName?: NameWords) => Promise<Reply<CrmRecordsView>>;
  /** A non-lead's name and company as the panel shows them: searched by only when the user presses. */
  byName?: NameWords | null;
}

const WAY_KEY = { address: 'crmWayAddress', email: 'crmWayEmail', name: 'crmWayName' } as const;
const wayWords = (ways: readonly CrmMatchWay[]) => ways.map((w) => t(WAY_KEY[w])).join(', ');
const complete = (w: NameWords | null | undefined): w is NameWords => Boolean(w && w.firstname.trim() && w.lastname.trim() && w.companyName.trim());

export function CrmFold({ subject, load, byName }: CrmFoldProps) {
  const [open, setOpen] = useFold('crm', true);
  const [asked, ask] = useAsked<CrmRecordsView, NameWords>(subject, CrmRecordsView, load);
  // Whether the last answer had a CRM connected: until one says so, nothing shows while asking.
  const [connected, setConnected] = useRemembered('crm-connected', false);
  const nowConnected = asked.kind === 'ready' ? asked.value.connected.length > 0 : null;
  useEffect(() => {
    if (nowConnected !== null) setConnected(nowConnected);
  }, [nowConnected, setConnected]);
  // Nothing connected: no fold, no noise.
  if (nowConnected === false || (asked.kind === 'asking' && !connected)) return null;

  let hint: string | null = null;
  let body;
  if (asked.kind === 'asking') {
    body = <p class="muted small" role="status">{t('crmLooking')}</p>;
  } else if (asked.kind === 'error') {
    body = <AskFailed text={asked.text} retry={() => ask()} />;
  } else {
    const view = asked.value;
    const missing = view.connected.filter((crm) => !view.records.some((r) => r.crm === crm));
    hint = view.records.length > 0 ? t('crmIn', [...new Set(view.records.map((r) => crmLabel(r.crm)))].join(', ')) : t('crmNotIn', view.connected.map(crmLabel).join(', '));
    const canAskByName = view.records.length === 0 && !view.tried.includes('name') && complete(byName);
    body = (
      <div class="stack crm-records" data-testid="crm-records">
        {view.records.length > 0 ? (
          <ul class="crm-list">
            {view.records.map((r) => {
              const url = r.url === null ? null : webAddress(r.url);
              return (
              <li key={`${r.crm}:${r.name}:${r.url ?? ''}`} class="crm-record">
                <span class="crm-name">{r.name}</span>
                <span class="picker-sub">{crmLabel(r.crm)}</span>
                {url ? (
                  <a class="web-app-link small" href={url} target="_blank" rel="noopener noreferrer" data-testid="crm-open">
                    <Icon name="external" />
                    {t('crmOpenIn', crmLabel(r.crm))}
                  </a>
                ) : (
                  <span class="muted small">{t('crmRecordWithoutLink')}</span>
                )}
              </li>
              );
            })}
          </ul>
        ) : null}
        {view.matchedBy ? <p class={view.matchedBy === 'name' ? 'crm-namesake small' : 'muted small'}>{crmMatchText(view.matchedBy)}</p> : null}
        {missing.map((crm) => (
          <p key={crm} class="muted small">
            {t('crmNotIn', crmLabel(crm))}
          </p>
        ))}
        {view.records.length === 0 && view.tried.length > 0 ? <p class="muted small">{t('crmSearchedBy', wayWords(view.tried))}</p> : null}
        {canAskByName ? (
          <div class="stack">
            <Button size="sm" variant="soft" onClick={() => ask(byName)} icon={<Icon name="user" />}>
              {t('crmSearchByName', `${byName.firstname} ${byName.lastname}, ${byName.companyName}`)}
            </Button>
            <p class="muted small">{t('crmSearchByNameHint')}</p>
          </div>
        ) : null}
        <p class="muted small">{t('readAtTime', formatShortDateTime(view.readAt))}</p>
      </div>
    );
  }
  return (
    <Fold id="crm" title={t('crmTitle')} hint={hint} open={open} onToggle={setOpen}>
      {body}
    </Fold>
  );
}
