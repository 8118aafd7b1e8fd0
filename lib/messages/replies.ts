/** What each request's reply carries, and the envelope every reply travels in. */
import { z } from 'zod/mini';
import {
  ActivityPageView,
  AudienceView,
  CampaignStandingView,
  CrmRecordsView,
  CampaignAudienceView,
  CallLogRow,
  ChipState,
  ConversationMessagesView,
  CreditsView,
  EnrichResultView,
  ErrorView,
  IdentityView,
  InboxChoicesView,
  InboxCountView,
  InboxLeadView,
  InboxPageView,
  InboxPreviewView,
  KeyTestView,
  ReplyContextView,
  ReplyDraftView,
  ReplyMembersView,
  ReplySnippetView,
  ReplyTemplatesView,
  LeadLinkView,
  ListBadge,
  NameSearchView,
  OutboxItemView,
  PanelState,
  SettingsView,
  ThisPageView,
  PageSelection,
} from '../views';
import type { requests } from './requests';

/** The reply envelope of every request. */
export type Reply<T> = { ok: true; value: T } | { ok: false; error: ErrorView };

export function replySchema<T extends z.ZodMiniType>(value: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), value }),
    z.object({ ok: z.literal(false), error: ErrorView }),
  ]);
}

/**
 * The schema of each request's reply `value`, against which the surfaces check the background's
 * replies (`createMessenger`). Apart from `requests` so that each bundle carries only its half: a page
 * sends and checks replies (no request schema), the worker checks requests (its replies are typed).
 */
export const replies = {
  'profile-viewed': ChipState,
  'open-panel': z.null(),
  'list-badges': z.array(ListBadge),
  'list-prefetch': z.null(),
  'panel-state': PanelState,
  refresh: PanelState,
  'select-conversation': PanelState,
  'choose-lead': PanelState,
  'find-by-name': NameSearchView,
  'link-lead': PanelState,
  'lead-links': z.array(LeadLinkView),
  'unlink-lead': z.array(LeadLinkView),
  'set-lead-url': PanelState,
  'lead-activity': ActivityPageView,
  'crm-records': CrmRecordsView,
  'campaign-standing': CampaignStandingView,
  'conversation-messages': ConversationMessagesView,
  'save-note': OutboxItemView,
  archive: OutboxItemView,
  unarchive: OutboxItemView,
  snooze: OutboxItemView,
  unsnooze: OutboxItemView,
  qualify: OutboxItemView,
  'add-to-audience': OutboxItemView,
  'lead-to-audience': OutboxItemView,
  'campaign-audiences': z.array(CampaignAudienceView),
  enrich: EnrichResultView,
  credits: CreditsView,
  audiences: z.array(AudienceView),
  'audience-create': AudienceView,
  identities: z.array(IdentityView),
  'call-log': z.array(CallLogRow),
  'outbox-list': z.array(OutboxItemView),
  'outbox-retry': OutboxItemView,
  'outbox-discard': z.null(),
  'storage-status': z.nullable(ErrorView),
  'settings-get': SettingsView,
  'settings-set': SettingsView,
  'key-set': SettingsView,
  'key-test': KeyTestView,
  'key-clear': SettingsView,
  'inbox-page': InboxPageView,
  'inbox-leads': z.array(InboxLeadView),
  'inbox-previews': z.array(InboxPreviewView),
  'inbox-leave': z.null(),
  'inbox-choices': InboxChoicesView,
  'inbox-count': InboxCountView,
  'open-profile': z.null(),
  'reply-context': ReplyContextView,
  'reply-send': OutboxItemView,
  'reply-undo': ReplyDraftView,
  'reply-draft': z.null(),
  'reply-members': ReplyMembersView,
  'reply-member-set': z.null(),
  'reply-templates': ReplyTemplatesView,
  'reply-snippet-save': z.array(ReplySnippetView),
  'reply-snippet-delete': z.array(ReplySnippetView),
  // ---- "This page" (issue 35)
  'page-people': z.null(),
  'page-people-wanted': z.boolean(),
  'this-page': ThisPageView,
  'this-page-add': ThisPageView,
  'this-page-undo': ThisPageView,
  'this-page-enrich': ThisPageView,
  'this-page-import': ThisPageView,
  /** Null: nothing kept for the tab. */
  'this-page-selection': z.nullable(PageSelection),
  'this-page-select': z.null(),
  // Live replies (issue 36).
  'relay-test': z.object({ result: z.enum(['ok', 're-registered', 'no-webhook', 'no-delivery', 'refused', 'unreachable', 'outdated']) }),
  /** Null: not read (the relay is live). */
  'inbox-revalidate': z.nullable(InboxPageView),
  /** Whether a call was made (false: the relay is live, or nothing changed was asked). */
  'conversation-revalidate': z.object({ called: z.boolean() }),
} as const satisfies Record<keyof typeof requests, z.ZodMiniType>;
