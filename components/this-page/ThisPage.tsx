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
import type { AudienceView, ThisPageView } from '../../lib/views';
import { errorText } from '../error-text';
import { formatNumber } from '../format';
import { t, tn } from '../i18n';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { Notice, type NoticeMessage } from '../ui/Notice';
import { ImportAll } from '../search-import/ImportAll';
import { AudiencePicker, type ChosenAudience } from './AudiencePicker';
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

export function ThisPage({ messenger, tabId, follow }: ThisPageProps) {
  const [view, setView] = useState<ThisPageView | null>(null);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [audiences, setAudiences] = useState<AudienceView[] | null>(null);
  const [audience, setAudience] = useState<ChosenAudience | null>(null);
  const [busy, setBusy] = useState(false);
  /** The batch shown when Add was pressed: never shown again once a new press went (issue 43: its "3 of 3 added" flashed). */
  const [pressedOver, setPressedOver] = useState<string | null>(null);
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

  // A new page (another results page, another list) starts with its own defaults.
  const pageUrl = view?.pageUrl ?? null;
  useEffect(() => setSelection(EMPTY_SELECTION), [pageUrl]);

  const people = view?.people ?? [];
  const picked = useMemo(() => chosen(selection, people), [selection, people]);

  async function add() {
    if (!audience || picked.length === 0) return;
    setBusy(true);
    setMessage(null);
    setPressedOver(view?.batch?.id ?? null);
    const reply = await messenger.send('this-page-add', { tabId, audience: audience.name, audienceId: audience.id, people: picked });
    setBusy(false);
    if (reply.ok) {
      setView(reply.value);
      setSelection(EMPTY_SELECTION);
    } else {
      // No new batch: the previous one is still the tab's latest.
      setPressedOver(null);
      setMessage({ tone: 'danger', error: errorText(reply.error) });
    }
  }

  async function undo(batchId: string) {
    setMessage(null);
    const reply = await messenger.send('this-page-undo', { tabId, batchId });
    if (reply.ok) setView(reply.value);
    else setMessage({ tone: 'danger', error: errorText(reply.error) });
  }

  if (view === null) return <p class="muted this-page-empty">{t('loading')}</p>;
  if (view.pageUrl === null) return <p class="muted this-page-empty">{t('thisPageNoList')}</p>;
  // A view pushed while the press runs may still show the previous batch: it is not this press's.
  const batch = view.batch && view.batch.id !== pressedOver ? view.batch : null;
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
        <AudiencePicker messenger={messenger} sizesAfter={sizesAfter} onChoose={setAudience} onAudiences={setAudiences} />
        <Button variant="primary" block onClick={() => void add()} busy={busy} disabled={!audience || picked.length === 0 || busy} icon={<Icon name="plus" />}>
          {audience && picked.length > 0 ? t('thisPageAdd', formatNumber(picked.length), audience.name) : t('thisPageAddNobody')}
        </Button>
        {view.importAll ? <ImportAll messenger={messenger} tabId={tabId} importAll={view.importAll} audiences={audiences} onView={setView} /> : null}
      </section>
      {batch ? <BatchStatus batch={batch} onUndo={() => void undo(batch.id)} /> : null}
      <Notice message={message} />
    </div>
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

