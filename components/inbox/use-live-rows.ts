/**
 * Live replies (issue 36): the rows the worker pushes as relayed events change them, over a LIVE_PORT
 * port kept open with the queue, each with the first line of the lead's newest message it carries.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { LIVE_PORT, livePushRow, type LivePush } from '../../lib/messages';
import { openReconnectingPort } from '../../lib/reconnecting-port';
import type { InboxPreviewView, InboxRowView } from '../../lib/views';

export function useLiveRows(onRow: (row: InboxRowView) => void): ReadonlyMap<string, InboxPreviewView> {
  const [previews, setPreviews] = useState<ReadonlyMap<string, InboxPreviewView>>(new Map());
  const on = useRef(onRow);
  on.current = onRow;
  useEffect(
    () =>
      openReconnectingPort<Omit<LivePush, 'type'>>({
        connect: (info) => browser.runtime.connect(info),
        name: LIVE_PORT,
        parse: livePushRow,
        onPush({ row, preview }) {
          on.current(row);
          if (preview) setPreviews((m) => new Map(m).set(row.conversationId, preview));
        },
      }),
    [],
  );
  return previews;
}
