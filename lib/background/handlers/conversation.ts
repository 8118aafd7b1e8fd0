/** Conversation actions and notes: each queued in the outbox, answered with the queued item. */
import { snooze as snoozeTransition } from '../../inbox/conversation-state';
import type { ProfileCache } from '../../store/cache';
import type { OutboxAction } from '../../store/db';
import type { OutboxItemView } from '../../views';
import type { HandlerMap } from '../dispatch';
import { RequestError } from '../error-view';

export interface ConversationHandlerDeps {
  enqueue(action: OutboxAction): Promise<OutboxItemView>;
  cache: Pick<ProfileCache, 'profileOfLead'>;
  clock: { now(): number };
}

type ConversationRequests = 'save-note' | 'archive' | 'unarchive' | 'snooze' | 'unsnooze';

export function conversationHandlers(deps: ConversationHandlerDeps): HandlerMap<ConversationRequests> {
  const { enqueue } = deps;
  /** The profile the lead was resolved from, so that its panel follows the change. */
  const profileOfLead = (leadId: string) => deps.cache.profileOfLead(leadId);

  return {
    async 'save-note'(req) {
      if (req.mode === 'append' && req.text.trim() === '') throw new RequestError('bad-request', 'nothing-to-append');
      const { conversationId, leadId, mode, text } = req;
      return enqueue({ kind: 'note', conversationId, leadId, profileUrl: await profileOfLead(leadId), mode, text });
    },
    archive: async (req) => enqueue({ kind: 'archive', ...req, profileUrl: await profileOfLead(req.leadId) }),
    unarchive: async (req) => enqueue({ kind: 'unarchive', ...req, profileUrl: await profileOfLead(req.leadId) }),
    unsnooze: async (req) => enqueue({ kind: 'unsnooze', ...req, profileUrl: await profileOfLead(req.leadId) }),
    async snooze(req) {
      // Refused here already when the date is not in the future (the service would say 400).
      snoozeTransition({ status: 'OPEN', snoozeUntil: null }, req.until, deps.clock.now());
      const { conversationId, leadId, until } = req;
      return enqueue({ kind: 'snooze', conversationId, leadId, until, profileUrl: await profileOfLead(leadId) });
    },
  };
}
