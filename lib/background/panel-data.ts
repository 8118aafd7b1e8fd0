/**
 * What the panels show beside the status (a conversation's recent messages, the audiences, the
 * credit balance), kept as fresh as the status: a revisit costs no call.
 */
import type { ConversationSummary } from '../api/schemas';
import type { AudienceView, CampaignAudienceView, ConversationMessagesView, CreditsView } from '../views';
import { createMemoCache, type MemoCacheOptions } from './memo-cache';

export function createPanelData(memo: MemoCacheOptions) {
  const recentMessages = createMemoCache<ConversationMessagesView>(memo);
  const audiences = createMemoCache<AudienceView[]>(memo);
  const credits = createMemoCache<CreditsView>(memo);
  const campaignAudiences = createMemoCache<CampaignAudienceView[]>(memo);
  return {
    recentMessages,
    audiences,
    credits,
    campaignAudiences,
    /** Another key or another service: nothing kept applies. */
    forget() {
      for (const cache of [recentMessages, audiences, credits, campaignAudiences]) cache.drop();
    },
    /**
     * Given the conversations just answered by the service: drops the recent messages of those whose
     * newest message is no longer the one kept, and keeps the others as fresh as that answer (nothing
     * was added since), so that a revisit within the status's freshness asks for none of them.
     */
    checkRecentMessages(conversations: readonly ConversationSummary[]) {
      for (const c of conversations) {
        const kept = recentMessages.peek(`${c.id}:0`);
        if (!kept) continue;
        const newest = kept.messages[0];
        const ofConversation = (key: string) => key.startsWith(`${c.id}:`);
        if ((newest?.createdAt ?? null) !== c.lastMessageAt || (newest?.status ?? null) !== c.lastMessageStatus) recentMessages.drop(ofConversation);
        else recentMessages.renew(ofConversation);
      }
    },
  };
}

export type PanelData = ReturnType<typeof createPanelData>;
