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
import { EnrichSelected } from './EnrichSelected';
import { PersonRow } from './PersonRow';
import { PAGE_PEOPLE_MAX } from '../../lib/views/this-page-limits';
import { OtherPages } from './OtherPages';
import { chosenAcrossPages, clearAll, edit, EMPTY_SELECTION, fromSaved, isChecked, onPage, pagesOf, setAll, setChecked, taken, toSaved, type Selection } from './selection';

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

  // The selection spans the list's pages (issue 43): the worker keeps it for the tab, so it outlives
  // the next page, another section, a closed panel and a stopped worker.
  const [selectionRead, setSelectionRead] = useState(false);
  useEffect(() => {
    let live = true;
    setSelectionRead(false);
    void messenger.send('this-page-selection', { tabId }).then((reply) => {
      if (!live) return;
      setSelection(reply.ok && reply.value ? fromSaved(reply.value) : EMPTY_SELECTION);
      setSelectionRead(true);
    });
    return () => void (live = false);
  }, [messenger, tabId]);
  // Each page shown joins the list's selection; another list starts a new one.
  useEffect(() => {
    if (selectionRead && view?.pageUrl) setSelection((s) => onPage(s, view.pageUrl!, view.people));
  }, [view, selectionRead]);
  useEffect(() => {
    const saved = selectionRead ? toSaved(selection) : null;
    if (saved) void messenger.send('this-page-select', { tabId, selection: saved });
  }, [selection, selectionRead, messenger, tabId]);

  const people = view?.people ?? [];
  const batchResults = useMemo(() => new Map(view?.batch?.results ?? []), [view?.batch]);
  const picked = useMemo(() => chosenAcrossPages(selection, batchResults), [selection, batchResults]);
  const pages = pagesOf(picked);
  const tooMany = picked.length > PAGE_PEOPLE_MAX;

  async function add() {
    if (!audience || picked.length === 0 || tooMany) return;
    setBusy(true);
    setMessage(null);
    setPressedOver(view?.batch?.id ?? null);
    const reply = await messenger.send('this-page-add', { tabId, audience: audience.name, audienceId: audience.id, people: picked.map(({ page: _page, ...person }) => person) });
    setBusy(false);
    if (reply.ok) {
      setView(reply.value);
      setSelection((s) => taken(s, picked.map((p) => p.url)));
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

  // Not before the kept selection is read: a check made meanwhile would be overwritten by it.
  if (view === null || !selectionRead) return <p class="muted this-page-empty">{t('loading')}</p>;
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
        <SelectedCount picked={picked.length} pages={pages} onClear={() => setSelection(clearAll)} />
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
        <OtherPages selection={selection} currentPage={view.pageUrl} batch={batchResults} onSelection={setSelection} />
      </section>
      <section class="card card-body stack this-page-add" aria-label={t('thisPageAddNobody')}>
        <AudiencePicker messenger={messenger} sizesAfter={sizesAfter} onChoose={setAudience} onAudiences={setAudiences} />
        <Button variant="primary" block onClick={() => void add()} busy={busy} disabled={!audience || picked.length === 0 || tooMany || busy} icon={<Icon name="plus" />}>
          {audience && picked.length > 0 ? t('thisPageAdd', formatNumber(picked.length), audience.name) : t('thisPageAddNobody')}
        </Button>
        {tooMany ? <p class="muted small">{t('thisPageTooMany', formatNumber(PAGE_PEOPLE_MAX))}</p> : null}
        <EnrichSelected messenger={messenger} tabId={tabId} people={picked} batch={view.enrich} onView={setView} />
        {view.importAll ? <ImportAll messenger={messenger} tabId={tabId} importAll={view.importAll} audiences={audiences} onView={setView} /> : null}
      </section>
      {batch ? <BatchStatus batch={batch} onUndo={() => void undo(batch.id)} /> : null}
      <Notice message={message} />
    </div>
  );
}

/** "12 selected on 3 pages", and a way to clear it all. */
function SelectedCount({ picked, pages, onClear }: { picked: number; pages: readonly number[]; onClear: () => void }) {
  if (picked === 0) return null;
  return (
    <div class="row this-page-selected">
      <p class="small" role="status" data-testid="this-page-selected">
        {pages.length > 1 ? t('thisPageSelectedOnPages', formatNumber(picked), formatNumber(pages.length)) : tn('thisPageSelected', picked, formatNumber(picked))}
      </p>
      <Button size="sm" variant="ghost" onClick={onClear}>
        {t('thisPageClearSelection')}
      </Button>
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

