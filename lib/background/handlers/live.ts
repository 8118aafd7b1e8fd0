/**
 * Live replies (issue 36): the options page's Test of the team relay (opens the stream as typed, then
 * closes it), and the open panel's conversation read again at most once a minute (issue 41): its
 * summary at list priority (shed first), relay or not, since status, snooze and note are in no relay
 * event; the thread's newest page too when the summary says a message came and no live relay brought it.
 */
import { testRelay } from '../../api/relay-stream';
import type { ConversationSummary } from '../../api/schemas';
import type { ProfileCache } from '../../store/cache';
import type { BackgroundApi } from '../api';
import type { HandlerMap } from '../dispatch';
import type { PanelData } from '../panel-data';
import type { SerialLock } from '../serial-lock';
import { messagesView } from './profile';

const LIST = { priority: 'list' as const };

/** Whether the service's summary says something the cached one does not (status, snooze, note, last message). */
function summaryChanged(known: ConversationSummary | undefined, fresh: ConversationSummary): boolean {
  if (!known) return true;
  return (['status', 'snoozeUntil', 'note', 'lastMessageAt', 'lastMessageStatus', 'leadReplied', 'read'] as const).some((k) => known[k] !== fresh[k]);
}

export interface LiveHandlerDeps {
  fetch?: typeof fetch;
  api: Pick<BackgroundApi, 'conversationMessages' | 'leadConversations'>;
  cache: Pick<ProfileCache, 'byLead' | 'patchConversation'>;
  panelData: Pick<PanelData, 'recentMessages'>;
  underLock: SerialLock;
  notify(): void;
}

export function liveHandlers(deps: LiveHandlerDeps): HandlerMap<'relay-test' | 'conversation-revalidate'> {
  return {
    async 'relay-test'(req) {
      return { result: await testRelay(req.url, req.token, deps.fetch ?? ((...args) => fetch(...args))) };
    },
    async 'conversation-revalidate'(req) {
      const known = (await deps.cache.byLead(req.leadId)).flatMap((e) => e.conversations).find((c) => c.id === req.conversationId);
      // Status, snooze and note travel in the summary, never in a relay event: read it, relay or not (issue 41).
      const fresh = (await deps.api.leadConversations(req.leadId, LIST)).find((c) => c.id === req.conversationId);
      let changed = false;
      if (fresh && summaryChanged(known, fresh)) {
        await deps.underLock(() => deps.cache.patchConversation(req.leadId, req.conversationId, fresh));
        changed = true;
      }
      // Its newest messages only when the summary says one came that no relay brought: a relay's
      // event moves the kept summary, so this costs nothing while the relay delivers, and a relay
      // whose webhook went missing no longer leaves the panel stale (issue 41).
      const newer = fresh !== undefined && (fresh.lastMessageAt ?? 0) > (known?.lastMessageAt ?? 0);
      if (newer) {
        // The summary patched above already says what the newest message is; the thread's page shows it.
        deps.panelData.recentMessages.set(`${req.conversationId}:0`, await messagesView(deps.api, req.conversationId, 0, LIST));
        changed = true;
      }
      if (changed) deps.notify();
      return { called: true };
    },
  };
}
