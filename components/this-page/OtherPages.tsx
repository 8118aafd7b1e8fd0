/**
 * The people chosen on the list's other pages (issue 43: a selection that spans pages), by page, as
 * their rows showed them: the user sees whom `Add the selected` takes besides this page, and can leave
 * anyone out without going back to their page.
 */
import { useState } from 'preact/hooks';
import { resultsPageNumber } from '../../lib/pronet/search-address';
import { formatNumber } from '../format';
import { t } from '../i18n';
import { PersonRow } from './PersonRow';
import { edit, isChecked, seenNow, setChecked, type BatchResults, type SeenPerson, type Selection } from './selection';

export interface OtherPagesProps {
  selection: Selection;
  /** The page the tab shows: its people are in the list above. */
  currentPage: string;
  /** The latest batch's results: a person it took is no longer chosen. */
  batch: BatchResults;
  onSelection(change: (s: Selection) => Selection): void;
}

export function OtherPages({ selection, currentPage, batch, onSelection }: OtherPagesProps) {
  // Their rows are drawn only while the user looks: closed, the list above is the page's alone.
  const [open, setOpen] = useState(false);
  const current = resultsPageNumber(currentPage);
  const byPage = new Map<number, SeenPerson[]>();
  for (const p of seenNow(selection, batch)) {
    if (p.page === current || !isChecked(selection, p)) continue;
    byPage.set(p.page, [...(byPage.get(p.page) ?? []), p]);
  }
  if (byPage.size === 0) return null;
  const count = [...byPage.values()].reduce((n, people) => n + people.length, 0);
  return (
    <details class="this-page-other-pages" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('thisPageOtherPagesSelected', formatNumber(count))}</summary>
      {open && [...byPage.entries()]
        .sort(([a], [b]) => a - b)
        .map(([page, people]) => (
          <section key={page} aria-label={t('thisPagePageNumber', formatNumber(page))}>
            <h3 class="this-page-page-title small muted">{t('thisPagePageNumber', formatNumber(page))}</h3>
            <ul class="this-page-people">
              {people.map((p) => (
                <PersonRow
                  key={p.profileUrl}
                  person={p}
                  selection={selection}
                  checked
                  onCheck={(on) => onSelection((s) => setChecked(s, p.profileUrl, on))}
                  onEdit={(facts) => onSelection((s) => edit(s, p.profileUrl, facts))}
                />
              ))}
            </ul>
          </section>
        ))}
    </details>
  );
}
