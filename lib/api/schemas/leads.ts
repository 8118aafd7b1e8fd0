import { z } from 'zod/mini';
import { ENRICH_TYPES } from '../enrichment';
import { EpochMs, Int, StatusCode, hasAny, idString, queryInt } from './common';
import { ConversationSummary } from './conversations';
import { LeadStatusValue } from './lead-status';

/**
 * A lead record as /leads/search, audience leads and enrichment return it (ours, after the public
 * integrations). Unknown profile fields are null; `pronetUrl` is in canonical form.
 */
export const Lead = z.object({
  id: z.string(),
  firstname: z.nullable(z.string()),
  lastname: z.nullable(z.string()),
  companyName: z.nullable(z.string()),
  companyUrl: z.nullable(z.string()),
  jobTitle: z.nullable(z.string()),
  proEmail: z.nullable(z.string()),
  persoEmail: z.nullable(z.string()),
  pronetUrl: z.nullable(z.string()),
  microblog: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  location: z.nullable(z.string()),
  picture: z.nullable(z.string()),
  industry: z.nullable(z.string()),
  gender: z.nullable(z.string()),
  /** The lead's id in a connected CRM, when synced. */
  crmId: z.nullable(z.string()),
  audienceIds: z.array(z.string()),
  createdAt: EpochMs,
  /** Given by `POST /leads` (the workflow node's `relationsCount`, `customAttribute1..10`); absent when never given. */
  relationsCount: z.optional(z.nullable(Int)),
  customAttributes: z.optional(z.record(z.string(), z.string())),
});
export type Lead = z.infer<typeof Lead>;

/** GET /audiences/:audienceId/leads. */
export const AudienceLeadsResponse = z.object({ statusCode: StatusCode, data: z.array(Lead), total: Int });
export type AudienceLeadsResponse = z.infer<typeof AudienceLeadsResponse>;

/** One entry of a lead's activity log. */
export const LeadLog = z.object({
  id: z.string(),
  leadId: z.string(),
  /** What happened, e.g. EMAIL_SENT, PRONET_MESSAGE_RECEIVED, STATUS_CHANGED, NOTE_UPDATED (open set). */
  type: z.string(),
  description: z.string(),
  identityId: z.nullable(z.string()),
  campaignId: z.nullable(z.string()),
  campaignName: z.nullable(z.string()),
  createdAt: EpochMs,
});
export type LeadLog = z.infer<typeof LeadLog>;

// ---- POST /leads (#8) -------------------------------------------------------------------------

const text = (field: string) => z.string({ message: `${field} must be a string` }).check(z.trim(), z.minLength(1, { message: `${field} must not be empty` }));

/** Who a lead is when no identifier is known: #8 and #14 take the same four. */
const nameFields = {
  firstname: z.optional(text('firstname')),
  lastname: z.optional(text('lastname')),
  companyName: z.optional(text('companyName')),
  companyUrl: z.optional(text('companyUrl')),
};

export const CREATE_LEAD_IDENTIFIER_KEYS = ['leadId', 'proEmail', 'persoEmail', 'pronetUrl', 'microblog'] as const;

/**
 * How a lead is named by `POST /leads` and `POST /leads/status` (spec/real-clients.md #13, #15):
 * one identifier, or first name + last name + company.
 */
const leadIdentityShape = {
  leadId: z.optional(idString('leadId')),
  proEmail: z.optional(z.email({ message: 'proEmail must be an email address' })),
  persoEmail: z.optional(z.email({ message: 'persoEmail must be an email address' })),
  pronetUrl: z.optional(z.url({ message: 'pronetUrl must be a URL' })),
  microblog: z.optional(text('microblog')),
  ...nameFields,
};

/** True when `v` names a lead: one of `keys`, or first name + last name + company. */
function namesALead(v: Record<string, unknown>, keys: readonly string[]): boolean {
  return hasAny(v, keys) || (hasAny(v, ['firstname']) && hasAny(v, ['lastname']) && hasAny(v, ['companyName', 'companyUrl']));
}

/** The workflow node's custom attributes: `customAttribute1` .. `customAttribute10`. */
export const CUSTOM_ATTRIBUTE_KEYS = Array.from({ length: 10 }, (_, i) => `customAttribute${i + 1}` as const);
const customAttributes = Object.fromEntries(
  CUSTOM_ATTRIBUTE_KEYS.map((k) => [k, z.optional(z.string({ message: `${k} must be a string` }))]),
) as Record<(typeof CUSTOM_ATTRIBUTE_KEYS)[number], z.ZodMiniOptional<z.ZodMiniString>>;

export const CreateLeadRequest = z
  .strictObject({
    /** Audience name; created when missing. Without it the lead is created (or merged) in no audience. */
    audience: z.optional(text('audience')),
    ...leadIdentityShape,
    jobTitle: z.optional(text('jobTitle')),
    phone: z.optional(text('phone')),
    location: z.optional(text('location')),
    picture: z.optional(z.url({ message: 'picture must be a URL' })),
    /** The workflow node's name for `picture`. */
    profilePicture: z.optional(z.url({ message: 'profilePicture must be a URL' })),
    bio: z.optional(z.string({ message: 'bio must be a string' })),
    /** The lead's id in the connected CRM. */
    crm_id: z.optional(text('crm_id')),
    relationsCount: z.optional(queryInt('relationsCount', 0)),
    industry: z.optional(text('industry')),
    /** The workflow node sends `man` or `woman`; other values are kept as given. */
    gender: z.optional(text('gender')),
    ...customAttributes,
  })
  .check(z.refine((v) => namesALead(v, CREATE_LEAD_IDENTIFIER_KEYS), {
    message: 'a lead needs one of leadId, proEmail, persoEmail, pronetUrl, microblog, or firstname+lastname+companyName/companyUrl',
    path: ['leadId'],
  }));
export type CreateLeadRequest = z.infer<typeof CreateLeadRequest>;

export const CreateLeadResponse = z.object({ statusCode: StatusCode, leadId: z.string(), message: z.string() });
export type CreateLeadResponse = z.infer<typeof CreateLeadResponse>;

// ---- GET /leads/search (#9) -------------------------------------------------------------------

/** Lead search keys that name one lead (or its duplicates), in priority order. */
export const LEAD_SEARCH_ID_KEYS = ['leadId', 'crmId', 'pronetUrl', 'pronetPublicId', 'pronetId', 'email'] as const;
/** Lead search keys that filter leads by what they hold (all given must match). */
export const LEAD_SEARCH_FILTER_KEYS = ['firstname', 'lastname', 'companyName', 'companyUrl', 'industry', 'location'] as const;

export const LeadSearchQuery = z
  .object(
    Object.fromEntries([...LEAD_SEARCH_ID_KEYS, ...LEAD_SEARCH_FILTER_KEYS].map((k) => [k, z.optional(z.string())])) as Record<
      (typeof LEAD_SEARCH_ID_KEYS)[number] | (typeof LEAD_SEARCH_FILTER_KEYS)[number],
      z.ZodMiniOptional<z.ZodMiniString>
    >,
  )
  .check(z.refine((v) => hasAny(v, [...LEAD_SEARCH_ID_KEYS, ...LEAD_SEARCH_FILTER_KEYS]), {
    message: `a lead search needs at least one of ${[...LEAD_SEARCH_ID_KEYS, ...LEAD_SEARCH_FILTER_KEYS].join(', ')}`,
    path: ['leadId'],
  }));
export type LeadSearchQuery = z.infer<typeof LeadSearchQuery>;

/** At most this many leads in a several-leads answer. */
export const LEAD_SEARCH_MAX = 10;

/** One lead found: the lead and its most recent logs (most recent first). */
export const LeadSearchOne = z.object({ statusCode: StatusCode, lead: Lead, recentLogs: z.array(LeadLog) });
export type LeadSearchOne = z.infer<typeof LeadSearchOne>;

/** Several leads (duplicates of one pronetUrl or email, or a name search); `tooManyResults` when more matched. */
export const LeadSearchMany = z.object({ statusCode: StatusCode, leads: z.array(Lead).check(z.maxLength(LEAD_SEARCH_MAX)), tooManyResults: z.boolean() });
export type LeadSearchMany = z.infer<typeof LeadSearchMany>;

/**
 * GET /leads/search answers one of the two shapes (endpoints.md row 9). Checked as one object whose
 * fields name themselves in an error (a union would only say "invalid input"), then narrowed.
 */
export const LeadSearchResponse = z.pipe(
  z
    .object({
      statusCode: StatusCode,
      lead: z.optional(Lead),
      recentLogs: z.optional(z.array(LeadLog)),
      leads: z.optional(z.array(Lead).check(z.maxLength(LEAD_SEARCH_MAX))),
      tooManyResults: z.optional(z.boolean()),
    })
    .check(
      z.superRefine((v, ctx) => {
        // The missing half of a shape is named, so an error points at the field.
        const one = v.lead !== undefined || v.recentLogs !== undefined;
        const many = v.leads !== undefined || v.tooManyResults !== undefined;
        const want = (field: 'lead' | 'recentLogs' | 'leads' | 'tooManyResults') =>
          ctx.addIssue({ code: 'custom', path: [field], message: 'a lead search answers {lead, recentLogs} or {leads, tooManyResults}' });
        if (one === many) want('lead');
        else if (one && v.lead === undefined) want('lead');
        else if (one && v.recentLogs === undefined) want('recentLogs');
        else if (many && v.leads === undefined) want('leads');
        else if (many && v.tooManyResults === undefined) want('tooManyResults');
      }),
    ),
  z.transform((v): LeadSearchOne | LeadSearchMany =>
    v.lead !== undefined && v.recentLogs !== undefined
      ? { statusCode: v.statusCode, lead: v.lead, recentLogs: v.recentLogs }
      : { statusCode: v.statusCode, leads: v.leads ?? [], tooManyResults: v.tooManyResults ?? false },
  ),
);
export type LeadSearchResponse = z.output<typeof LeadSearchResponse>;

// ---- POST /leads/status (#10), POST /leads/removefromaudience (#11) ----------------------------


/** A name, a list of names, or "all". */
const NameOrNames = (field: string) =>
  z.union([text(field), z.array(text(field)).check(z.minLength(1, { message: `${field} must list at least one name` }))], {
    message: `${field} must be a name, a list of names, or "all"`,
  });

/** How #10 and #11 name their lead: `email` matches the pro or the personal address. */
export const LEAD_IDENTIFIER_KEYS = ['leadId', 'email', 'pronetUrl'] as const;

export const LeadStatusRequest = z
  .strictObject({
    status: LeadStatusValue,
    campaign: NameOrNames('campaign'),
    ...leadIdentityShape,
    /** The pro or the personal address. */
    email: z.optional(z.email({ message: 'email must be an email address' })),
  })
  .check(z.refine((v) => namesALead(v, [...LEAD_IDENTIFIER_KEYS, ...CREATE_LEAD_IDENTIFIER_KEYS]), {
    message: 'a lead status update needs one of leadId, email, proEmail, persoEmail, pronetUrl, microblog, or firstname+lastname+companyName/companyUrl',
    path: ['leadId'],
  }));
export type LeadStatusRequest = z.infer<typeof LeadStatusRequest>;

export const LeadStatusLog = z.object({
  campaign: z.string(),
  leadStatus: z.string(),
  leadUpdated: z.boolean(),
  /** Why the lead was not updated; null when it was. */
  reason: z.nullable(z.string()),
});
export type LeadStatusLog = z.infer<typeof LeadStatusLog>;

export const LeadStatusResponse = z.object({ statusCode: StatusCode, logs: z.array(LeadStatusLog) });
export type LeadStatusResponse = z.infer<typeof LeadStatusResponse>;

export const RemoveFromAudienceRequest = z
  .strictObject({
    audience: NameOrNames('audience'),
    email: z.optional(z.email({ message: 'email must be an email address' })),
    pronetUrl: z.optional(z.url({ message: 'pronetUrl must be a URL' })),
  })
  .check(z.refine((v) => hasAny(v, ['email', 'pronetUrl']), {
    message: 'removing a lead needs at least one of email, pronetUrl (leadId is not accepted)',
    path: ['email'],
  }));
export type RemoveFromAudienceRequest = z.infer<typeof RemoveFromAudienceRequest>;

export const StatusOnlyResponse = z.object({ statusCode: StatusCode });
export type StatusOnlyResponse = z.infer<typeof StatusOnlyResponse>;

// ---- GET /leads/:leadId/logs (#12), /leads/:leadId/conversations (#13) ------------------------

export const LeadParams = z.object({ leadId: idString('leadId') });

export const LEAD_LOGS_DEFAULT_LIMIT = 25;
export const LEAD_LOGS_MAX_LIMIT = 100;
export const LeadLogsQuery = z.object({
  identityId: z.optional(z.string().check(z.minLength(1))),
  skip: z._default(queryInt('skip', 0), 0),
  limit: z._default(queryInt('limit', 1, LEAD_LOGS_MAX_LIMIT), LEAD_LOGS_DEFAULT_LIMIT),
});
export const LeadLogsResponse = z.object({ statusCode: StatusCode, data: z.array(LeadLog), total: Int });
export type LeadLogsResponse = z.infer<typeof LeadLogsResponse>;

export const LeadConversationsQuery = z.object({ identityId: z.optional(z.string().check(z.minLength(1))) });
export const LeadConversationsResponse = z.object({ statusCode: StatusCode, data: z.array(ConversationSummary) });
export type LeadConversationsResponse = z.infer<typeof LeadConversationsResponse>;

// ---- Enrichment (#14, #15) --------------------------------------------------------------------

export const EnrichType = z.enum(ENRICH_TYPES);
export type EnrichType = z.infer<typeof EnrichType>;
export { ENRICH_CREDIT_COST } from '../enrichment';

/** How the caller learns the result (spec/real-clients.md #18): by polling, in the answer itself, or posted to `webhookUrl`. */
export const ENRICH_MODES = ['polling', 'sync', 'webhook'] as const;
export const EnrichMode = z.enum(ENRICH_MODES);
export type EnrichMode = z.infer<typeof EnrichMode>;

export const EnrichRequest = z
  .strictObject({
    enrichType: EnrichType,
    mode: z.optional(EnrichMode),
    webhookUrl: z.optional(z.url({ protocol: /^https?$/, message: 'webhookUrl must be an http(s) URL' })),
    leadId: z.optional(idString('leadId')),
    ...nameFields,
    pronetUrl: z.optional(z.url({ message: 'pronetUrl must be a URL' })),
  })
  .check(
    z.refine(
      (v) =>
        hasAny(v, ['leadId']) ||
        (hasAny(v, ['firstname']) && hasAny(v, ['lastname']) && hasAny(v, ['companyName', 'companyUrl', 'pronetUrl'])),
      {
        message: 'an enrichment needs leadId, or firstname+lastname+one of companyName, companyUrl, pronetUrl',
        path: ['leadId'],
      },
    ),
    z.refine((v) => v.mode !== 'webhook' || v.webhookUrl !== undefined, { message: 'webhookUrl is required when mode is webhook', path: ['webhookUrl'] }),
  );
export type EnrichRequest = z.infer<typeof EnrichRequest>;

export const EnrichStatus = z.enum(['pending', 'enriched', 'completed', 'failed', 'not_found']);
export type EnrichStatus = z.infer<typeof EnrichStatus>;

export const EnrichResponse = z.object({
  statusCode: StatusCode,
  enrichRequestId: z.string(),
  creditsSpent: Int.check(z.nonnegative()),
  /** Mode `sync`: the outcome, and the lead when it was enriched. */
  status: z.optional(EnrichStatus),
  lead: z.optional(Lead),
});
export type EnrichResponse = z.infer<typeof EnrichResponse>;

export const EnrichStatusParams = z.object({ enrichRequestId: idString('enrichRequestId') });
export const EnrichStatusResponse = z.object({
  statusCode: StatusCode,
  status: EnrichStatus,
  /** Present once the lead has been enriched. */
  lead: z.optional(Lead),
});
export type EnrichStatusResponse = z.infer<typeof EnrichStatusResponse>;

/** Mode `webhook`: what is POSTed to `webhookUrl` once the enrichment is over (the status answer, named). */
export const EnrichWebhookPayload = z.object({
  enrichRequestId: z.string(),
  enrichType: EnrichType,
  status: EnrichStatus,
  lead: z.optional(Lead),
});
export type EnrichWebhookPayload = z.infer<typeof EnrichWebhookPayload>;
