/** An inbox webhook payload for the live replies' unit tests (issue 36): one message of conversation c1. */
import type { InboxWebhookPayload } from '../../../lib/api/schemas';

export type PayloadMessage = Omit<InboxWebhookPayload, 'lead' | 'messages'>;

export function webhookMessage(id: string, createdAt: number, received: boolean): PayloadMessage {
  return {
    messageChannel: 'PRONET',
    messageBody: `body ${id}`,
    messageId: id,
    conversationId: 'c1',
    externalConversationId: 'x',
    leadId: 'l1',
    attachments: [],
    identityId: 'i1',
    userId: 'u1',
    createdAt,
    sent: !received,
    received,
    campaignName: 'Spring',
  };
}

const lead = { id: 'l1', jobTitle: '', gender: '', shortBio: '', dateOfBirth: '', persoEmail: '', picture: '', firstName: 'Ada', lastName: 'Lovelace', companyName: '', companyWebsite: '', industry: '', email: '', pronet: '', microblog: '', phone: '', location: '' };

/** The payload of `top`, with `older` after it in its last messages (newest first). */
export function webhookPayload(top: PayloadMessage, older: PayloadMessage[] = []): InboxWebhookPayload {
  return { ...top, lead, messages: [top, ...older] };
}
