/** Conversation search (#23) and a conversation's messages (#24, page from 0, 50 a page, newest first). */
import { CONVERSATION_MESSAGES_PAGE_SIZE } from '../../lib/api/schemas';
import { notFound } from '../domain-error';
import type { RegisterEndpoint } from '../http/endpoint';
import { searchConversations } from '../rules/conversation-search';
import { toConversationSummary, toMessage } from '../wire';

export function registerConversationRoutes(endpoint: RegisterEndpoint): void {
  endpoint('searchConversations', ({ core, ws, query }) => {
    const page = searchConversations(ws, query, core.cursorSecret);
    return { ...page, data: page.data.map((c) => toConversationSummary(ws, c)) };
  });

  endpoint('listConversationMessages', ({ ws, params, query }) => {
    const c = ws.conversations.get(params.conversationId);
    if (!c) throw notFound(`No conversation ${params.conversationId}.`);
    const all = ws.messagesOf(params.conversationId);
    const size = CONVERSATION_MESSAGES_PAGE_SIZE;
    // Newest first: page 0 holds the last `size` messages.
    const end = Math.max(0, all.length - query.page * size);
    const start = Math.max(0, end - size);
    return { data: all.slice(start, end).reverse().map((m) => ({ ...toMessage(m), identityId: c.identityId })), total: all.length };
  });
}
