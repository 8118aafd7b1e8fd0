/** The rows' leads, looked up for the rows on screen only, in batches of a page. */
import type { RefObject } from 'preact';
import type { Messenger } from '../../lib/messages';
import type { InboxLeadView, InboxPreviewView } from '../../lib/views';
import { useRowLookups } from './use-row-lookups';

/** `rows` changes whenever the list may hold new unnamed rows (`li[data-needs-lead]` under `listRef`). */
export function useRowLeads(messenger: Messenger, listRef: RefObject<HTMLUListElement | null>, rows: unknown, screen: string): ReadonlyMap<string, InboxLeadView> {
  return useRowLookups(listRef, rows, screen, {
    marker: 'data-needs-lead',
    idKey: 'lead',
    fetch: (leadIds, on) => messenger.send('inbox-leads', { leadIds, ...(on ? { screen: on } : {}) }),
    keyOf: (lead) => lead.leadId,
  });
}

/**
 * The first line of the lead's last message, for the rows on screen (`li[data-needs-preview]`): the
 * service's list answers no message text, so each costs one call at list priority, shed first.
 */
export function useRowPreviews(messenger: Messenger, listRef: RefObject<HTMLUListElement | null>, rows: unknown, screen: string): ReadonlyMap<string, InboxPreviewView> {
  return useRowLookups(listRef, rows, screen, {
    marker: 'data-needs-preview',
    idKey: 'conversation',
    fetch: (conversationIds, on) => messenger.send('inbox-previews', { conversationIds, ...(on ? { screen: on } : {}) }),
    keyOf: (preview) => preview.conversationId,
  });
}
