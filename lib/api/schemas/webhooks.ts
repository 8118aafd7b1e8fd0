import { z } from 'zod/mini';
import { EpochMs, StatusCode, idString } from './common';
import { tolerantList } from './tolerant';

/** "Message channel in webhook payload". */
export const WebhookMessageChannel = z.enum(['EMAIL', 'PRONET']);
export type WebhookMessageChannel = z.infer<typeof WebhookMessageChannel>;

/** A message as an inbox webhook delivers it (spec §2, Inbox message). */
export const InboxMessage = z.object({
  messageChannel: WebhookMessageChannel,
  /** May be HTML. */
  messageBody: z.string(),
  /** Email only; absent for pronet messages. */
  messageSubject: z.optional(z.string()),
  messageId: z.string(),
  conversationId: z.string(),
  externalConversationId: z.string(),
  leadId: z.string(),
  attachments: z.array(z.unknown()),
  identityId: z.string(),
  userId: z.string(),
  createdAt: EpochMs,
  sent: z.boolean(),
  received: z.boolean(),
  campaignName: z.string(),
});
export type InboxMessage = z.infer<typeof InboxMessage>;

/** The lead embedded in a webhook payload (spec §2): every field a string, empty when unknown. */
export const WebhookLead = z.object({
  id: z.string(),
  jobTitle: z.string(),
  gender: z.string(),
  shortBio: z.string(),
  /** Day and month as text. */
  dateOfBirth: z.string(),
  persoEmail: z.string(),
  picture: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  companyWebsite: z.string(),
  industry: z.string(),
  email: z.string(),
  /** Profile URL. */
  pronet: z.string(),
  /** Handle. */
  microblog: z.string(),
  phone: z.string(),
  location: z.string(),
});
export type WebhookLead = z.infer<typeof WebhookLead>;

export const WEBHOOK_MAX_MESSAGES = 20;

/** Body POSTed to an inbox webhook: the latest message, its lead, and the last 20 messages newest first. */
export const InboxWebhookPayload = z.extend(InboxMessage, {
  lead: WebhookLead,
  messages: z.array(InboxMessage).check(z.maxLength(WEBHOOK_MAX_MESSAGES)),
});
export type InboxWebhookPayload = z.infer<typeof InboxWebhookPayload>;

export const InboxWebhook = z.object({
  id: z.string(),
  url: z.string(),
  name: z.nullable(z.string()),
  /** Empty: every campaign. */
  campaignIds: z.array(z.string()),
  createdAt: EpochMs,
});
export type InboxWebhook = z.infer<typeof InboxWebhook>;
/** The webhooks list, bare (documented), as `{data: [...]}` or `{inboxWebhooks: [...]}`; extra fields of an item are dropped. */
export const InboxWebhooksResponse = tolerantList(InboxWebhook, ['inboxWebhooks', 'webhooks']);

export const CreateInboxWebhookRequest = z.strictObject({
  url: z.url({ protocol: /^https?$/, message: 'url must be an http(s) URL' }),
  name: z.optional(z.string({ message: 'name must be a string' }).check(z.trim(), z.minLength(1, { message: 'name must not be empty' }))),
  campaignIds: z.optional(z.array(idString('campaignIds[]'), { message: 'campaignIds must be a list of campaign ids' })),
  /** The trigger's: a description kept with the webhook, and `campaigns` (ids or names) for `campaignIds`. */
  description: z.optional(z.string({ message: 'description must be a string' })),
  campaigns: z.optional(z.array(idString('campaigns[]'), { message: 'campaigns must be a list of campaign ids or names' })),
});
export type CreateInboxWebhookRequest = z.infer<typeof CreateInboxWebhookRequest>;

export const CreateInboxWebhookResponse = z.object({
  statusCode: StatusCode,
  id: z.string(),
  url: z.string(),
  campaignIds: z.array(z.string()),
  createdAt: EpochMs,
});
export type CreateInboxWebhookResponse = z.infer<typeof CreateInboxWebhookResponse>;

export const WebhookParams = z.object({ id: idString('id') });
export const DeleteInboxWebhookResponse = z.object({ statusCode: StatusCode, success: z.literal(true) });
export type DeleteInboxWebhookResponse = z.infer<typeof DeleteInboxWebhookResponse>;
