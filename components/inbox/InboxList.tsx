import type { ComponentChildren, Ref } from 'preact';
import type { QueueViewId } from '../../lib/inbox/queue';
import type { InboxRowView } from '../../lib/views';
import { t } from '../i18n';
import { Button } from '../ui/Button';
import { InboxRow, type RowPreview } from './InboxRow';
import { VIEW_KEYS } from './InboxFilters';

export interface InboxListProps {
  rows: readonly InboxRowView[];
  view: QueueViewId;
  focusId: string | null;
  openedId: string | null;
  listRef: Ref<HTMLUListElement>;
  /** Scrolled into view: the next page. */
  sentinel: Ref<HTMLDivElement>;
  /** A next page exists; `loadingMore`: it is on its way. */
  more: boolean;
  loadingMore: boolean;
  now: () => number;
  previews: ReadonlyMap<string, RowPreview>;
  /** What opens under a row (its note box, its reply), if anything. */
  below(row: InboxRowView): ComponentChildren;
  onFocus(row: InboxRowView): void;
  onOpen(row: InboxRowView): void;
  onArchive(row: InboxRowView): void;
  onSnooze(row: InboxRowView, until: number): void;
  onUnsnooze(row: InboxRowView): void;
  onNote(row: InboxRowView): void;
  onLoadMore(): void;
}

/** The rows of the view, then the next page's sentinel and its button. */
export function InboxList(props: InboxListProps) {
  const { rows, view, focusId, openedId, now } = props;
  return (
    <>
      <ul class="inbox-list" ref={props.listRef} aria-label={t(VIEW_KEYS[view])}>
        {rows.map((row) => (
          <InboxRow
            key={row.conversationId}
            row={row}
            view={view}
            focused={row.conversationId === focusId}
            opened={row.conversationId === openedId}
            onFocus={() => props.onFocus(row)}
            onOpen={() => props.onOpen(row)}
            onArchive={() => props.onArchive(row)}
            onSnooze={(until) => props.onSnooze(row, until)}
            onUnsnooze={() => props.onUnsnooze(row)}
            onNote={() => props.onNote(row)}
            now={now}
            preview={props.previews.get(row.conversationId)}
          >
            {props.below(row)}
          </InboxRow>
        ))}
      </ul>
      <div ref={props.sentinel} />
      {props.more ? (
        <Button onClick={props.onLoadMore} busy={props.loadingMore} block>
          {t('inboxLoadMore')}
        </Button>
      ) : null}
    </>
  );
}
