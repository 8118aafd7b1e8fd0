/**
 * "This page" (issue 35): the people of the tab's list page, in page order, with their badges and what
 * their rows say; checkboxes, select all / none, an audience picker (the campaigns' audiences first),
 * an inline edit of a row's facts, and `Add N to <audience>`; then the batch's progress, each row's
 * result, and one Undo. Nothing is sent before the press. The worker keeps the page's people and the
 * batch, so the view is read again while it shows (no call to the service: the worker answers from
 * what it holds).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Messenger } from '../../lib/messages';
import type { AudienceView, CampaignAudienceView, ThisPageView } from '../../lib/views';
import { errorText } from '../error-text';
import { formatNumber } from '../format';
import { t, tn } from '../i18n';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { Notice, type NoticeMessage } from '../ui/Notice';
import { ImportAll } from '../search-import/ImportAll';
import { EnrichSelected } from './EnrichSelected';
import { PersonRow } from './PersonRow';
import { chosen, edit, EMPTY_SELECTION, isChecked, setAll, setChecked, type Selection } from './selection';

/** Follows the tab's view as the worker pushes it (issue 42: it was read every 700 ms); returns the unsubscribe. */
export type FollowThisPage = (tabId: number, onView: (view: ThisPageView) => void) => () => void;

export interface ThisPageProps {
  messenger: Messenger;
  tabId: number;
  /** The worker's pushes (`THIS_PAGE_PORT`); without it (tests, screenshots) the view is read on mount and after each press. */
  follow?: FollowThisPage;
}

interface AudienceChoice {
  id: string;
  name: string;
  label: string;
}

/**
 * The campaigns' audiences first (audience, size, the names of its campaigns), then the other
 * audiences: each audience once, however many campaigns send to it.
 */
export function audienceChoices(audiences: readonly AudienceView[], campaigns: readonly CampaignAudienceView[]): { campaigns: AudienceChoice[]; others: AudienceChoice[] } {
  const byName = new Map(audiences.map((a) => [a.name.toLowerCase(), a]));
  const sized = (a: AudienceView) => (a.size === null ? a.name : tn('audienceOption', a.size, a.name, formatNumber(a.size)));
  const campaignsOf = new Map<string, { audience: AudienceView; names: string[] }>();
  for (const c of campaigns) {
    const a = byName.get(c.audience.toLowerCase());
    if (!a) continue;
    const entry = campaignsOf.get(a.id) ?? { audience: a, names: [] };
    if (!entry.names.includes(c.name)) entry.names.push(c.name);
    campaignsOf.set(a.id, entry);
  }
  const used = new Set(campaignsOf.keys());
  const fromCampaigns = [...campaignsOf.values()].map(({ audience: a, names }) => ({ id: a.id, name: a.name, label: t('thisPageAudienceOfCampaign', sized(a), names.join(', ')) }));
  return { campaigns: fromCampaigns, others: audiences.filter((a) => !used.has(a.id)).map((a) => ({ id: a.id, name: a.name, label: sized(a) })) };
}

export function ThisPage({ messenger, tabId, follow }: ThisPageProps) {
  const [view, setView] = useState<ThisPageView | null>(null);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [choices, setChoices] = useState<ReturnType<typeof audienceChoices> | null>(null);
  const [audiences, setAudiences] = useState<AudienceView[] | null>(null);
  const [audienceId, setAudienceId] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<NoticeMessage | null>(null);

  useEffect(() => {
    let live = true;
    const read = async () => {
      const reply = await messenger.send('this-page', { tabId });
      if (live && reply.ok) setView(reply.value);
    };
    if (!follow) {
      void read();
      return () => void (live = false);
    }
    const stop = follow(tabId, (next) => live && setView(next));
    return () => {
      live = false;
      stop();
    };
  }, [messenger, tabId, follow]);

  // The audiences' sizes change with what this view adds, undoes and imports: read again once each
  // settles (the worker dropped its kept list when it landed), not at every person of a batch.
  const shownBatch = view?.batch ?? null;
  const batchSettled = shownBatch !== null && shownBatch.added + shownBatch.already + shownBatch.refused >= shownBatch.total;
  const importDone = view?.importAll?.latest?.state === 'done' ? view.importAll.latest.id : '';
  const sizesAfter = `${batchSettled ? shownBatch.id : ''}:${shownBatch?.undone ? shownBatch.id : ''}:${importDone}`;
  useEffect(() => {
    let live = true;
    void Promise.all([messenger.send('audiences', {}), messenger.send('campaign-audiences', {})]).then(([audiences, campaigns]) => {
      if (!live) return;
      if (!audiences.ok) {
        setMessage({ tone: 'danger', error: errorText(audiences.error) });
        return;
      }
      setAudiences(audiences.value);
      const next = audienceChoices(audiences.value, campaigns.ok ? campaigns.value : []);
      setChoices(next);
      setAudienceId((current) => current || (next.campaigns[0] ?? next.others[0])?.id || '');
    });
    return () => void (live = false);
  }, [messenger, sizesAfter]);

  // A new page (another results page, another list) starts with its own defaults.
  const pageUrl = view?.pageUrl ?? null;
  useEffect(() => setSelection(EMPTY_SELECTION), [pageUrl]);

  const people = view?.people ?? [];
  const picked = useMemo(() => chosen(selection, people), [selection, people]);
  const audience = [...(choices?.campaigns ?? []), ...(choices?.others ?? [])].find((a) => a.id === audienceId) ?? null;

  async function add() {
    if (!audience || picked.length === 0) return;
    setBusy(true);
    setMessage(null);
    const reply = await messenger.send('this-page-add', { tabId, audience: audience.name, audienceId: audience.id, people: picked });
    setBusy(false);
    if (reply.ok) {
      setView(reply.value);
      setSelection(EMPTY_SELECTION);
    } else setMessage({ tone: 'danger', error: errorText(reply.error) });
  }

  async function undo(batchId: string) {
    setMessage(null);
    const reply = await messenger.send('this-page-undo', { tabId, batchId });
    if (reply.ok) setView(reply.value);
    else setMessage({ tone: 'danger', error: errorText(reply.error) });
  }

  if (view === null) return <p class="muted this-page-empty">{t('loading')}</p>;
  if (view.pageUrl === null) return <p class="muted this-page-empty">{t('thisPageNoList')}</p>;
  const batch = view.batch;
  return (
    <div class="this-page stack">
      <section class="card card-body stack" aria-labelledby="this-page-title">
        <h2 class="card-title" id="this-page-title">
          {t('thisPageHeading', formatNumber(people.length))}
        </h2>
        {people.length > 0 ? (
          <div class="row this-page-tools">
            <Button size="sm" variant="soft" onClick={() => setSelection((s) => setAll(s, people, true))}>
              {t('thisPageSelectAll')}
            </Button>
            <Button size="sm" variant="soft" onClick={() => setSelection((s) => setAll(s, people, false))}>
              {t('thisPageSelectNone')}
            </Button>
          </div>
        ) : null}
        <ul class="this-page-people" aria-labelledby="this-page-title">
          {people.map((p) => (
            <PersonRow
              key={p.profileUrl}
              person={p}
              selection={selection}
              checked={isChecked(selection, p)}
              onCheck={(on) => setSelection((s) => setChecked(s, p.profileUrl, on))}
              onEdit={(facts) => setSelection((s) => edit(s, p.profileUrl, facts))}
            />
          ))}
        </ul>
      </section>
      <section class="card card-body stack this-page-add" aria-label={t('thisPageAddNobody')}>
        <div class="field">
          <label class="field-label" for="this-page-audience">
            {t('thisPageAudience')}
          </label>
          <select id="this-page-audience" class="select" value={audienceId} onChange={(e) => setAudienceId(e.currentTarget.value)} disabled={choices === null}>
            {audienceId === '' ? <option value="">{t('thisPageChooseAudience')}</option> : null}
            {choices ? <AudienceGroup label={t('thisPageCampaignAudiences')} choices={choices.campaigns} /> : null}
            {choices ? <AudienceGroup label={t('thisPageOtherAudiences')} choices={choices.others} /> : null}
          </select>
        </div>
        <Button variant="primary" block onClick={() => void add()} busy={busy} disabled={!audience || picked.length === 0 || busy} icon={<Icon name="plus" />}>
          {audience && picked.length > 0 ? t('thisPageAdd', formatNumber(picked.length), audience.name) : t('thisPageAddNobody')}
        </Button>
        <EnrichSelected messenger={messenger} tabId={tabId} people={picked} batch={view.enrich} onView={setView} />
        {view.importAll ? <ImportAll messenger={messenger} tabId={tabId} importAll={view.importAll} audiences={audiences} onView={setView} /> : null}
      </section>
      {batch ? <BatchStatus batch={batch} onUndo={() => void undo(batch.id)} /> : null}
      <Notice message={message} />
    </div>
  );
}

function AudienceGroup({ label, choices }: { label: string; choices: readonly AudienceChoice[] }) {
  if (choices.length === 0) return null;
  return (
    <optgroup label={label}>
      {choices.map((a) => (
        <option key={a.id} value={a.id}>
          {a.label}
        </option>
      ))}
    </optgroup>
  );
}

function BatchStatus({ batch, onUndo }: { batch: NonNullable<ThisPageView['batch']>; onUndo: () => void }) {
  const toSend = batch.total - batch.already;
  const removed = batch.added;
  return (
    <section class="card card-body stack this-page-batch" aria-label={batch.audience}>
      <p role="status" class="this-page-progress" data-testid="this-page-progress">
        {batch.undone ? t('thisPageUndone', formatNumber(removed), batch.audience) : batch.undoing ? t('thisPageUndoing') : t('thisPageProgress', formatNumber(batch.added), formatNumber(toSend))}
      </p>
      {batch.already > 0 || batch.refused > 0 ? (
        <p class="muted small">
          {[batch.already > 0 ? tn('thisPageAlreadyCount', batch.already, formatNumber(batch.already)) : null, batch.refused > 0 ? tn('thisPageRefusedCount', batch.refused, formatNumber(batch.refused)) : null].filter(Boolean).join(' · ')}
        </p>
      ) : null}
      {!batch.undoing && !batch.undone && batch.added > 0 ? (
        <div class="row">
          <Button variant="soft" onClick={onUndo} icon={<Icon name="refresh" />}>
            {t('thisPageUndo')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

