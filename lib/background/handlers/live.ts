/**
 * Live replies (issue 36): the options page's Test of the team relay (opens the stream as typed, then
 * closes it), and, without a live relay, the open panel's conversation read again: its newest messages
 * at list priority (shed first), folded into the cache's summary and the thread kept, like an event.
 */
import { testRelay } from '../../api/relay-stream';
import { messagesPatch } from '../../inbox/live-event';
import type { ProfileCache } from '../../store/cache';
import type { BackgroundApi } from '../api';
import type { HandlerMap } from '../dispatch';
import type { PanelData } from '../panel-data';
import type { SerialLock } from '../serial-lock';
import { messagesView } from './profile';

export interface LiveHandlerDeps {
  fetch?: typeof fetch;
  /** The relay's stream is open: what it pushes is already here. */
  following(): boolean;
  api: Pick<BackgroundApi, 'conversationMessages'>;
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
      if (deps.following()) return { called: false };
      const page = await messagesView(deps.api, req.conversationId, 0, { priority: 'list' });
      deps.panelData.recentMessages.set(`${req.conversationId}:0`, page);
      const known = (await deps.cache.byLead(req.leadId)).flatMap((e) => e.conversations).find((c) => c.id === req.conversationId);
      const patch = messagesPatch(page.messages, known);
      if (patch) {
        await deps.underLock(() => deps.cache.patchConversation(req.leadId, req.conversationId, patch));
        deps.notify();
      }
      return { called: true };
    },
  };
}
