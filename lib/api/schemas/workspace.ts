import { z } from 'zod/mini';
import { Int, StatusCode, idString, queryBool, queryInt } from './common';
import { tolerantList, tolerantNamedList } from './tolerant';

/** A teammate of the workspace; its `id` is the `memberId` of action endpoints. */
export const Member = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
});
export type Member = z.infer<typeof Member>;

/** A connected sending account. */
export const Identity = z.object({
  id: z.string(),
  name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  companyName: z.nullable(z.string()),
  jobTitle: z.nullable(z.string()),
  pronetConnected: z.boolean(),
});
export type Identity = z.infer<typeof Identity>;

/** Also sent as a bare array, `{data: [...]}` or without `statusCode` (variants of the real service). */
export const IdentitiesResponse = tolerantNamedList('identities', Identity);
/** The members list, bare (documented), as `{data: [...]}` or `{members: [...]}`. */
export const MembersResponse = tolerantList(Member, ['members']);
export type IdentitiesResponse = z.infer<typeof IdentitiesResponse>;

/**
 * Audience `type` values used by the emulator (ours): how the audience was filled. The field stays
 * an open string in responses.
 */
export const AUDIENCE_TYPES = ['MANUAL', 'PRONET_SEARCH', 'PRONET_POST', 'API', 'VISITORS'] as const;

export const Audience = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  size: Int.check(z.nonnegative()),
  type: z.string(),
  sourceUrl: z.nullable(z.string()),
  /** An import's audience that keeps importing the search's new results (POST /audiences `autoImport`). */
  autoImport: z.optional(z.boolean()),
});
export type Audience = z.infer<typeof Audience>;

export const AudiencesResponse = z.object({ statusCode: StatusCode, audiences: z.array(Audience) });
export type AudiencesResponse = z.infer<typeof AudiencesResponse>;

export const CreateAudienceRequest = z.strictObject({
  name: z.string({ message: 'name must be a string' }).check(z.trim(), z.minLength(1, { message: 'name must not be empty' })),
});
export type CreateAudienceRequest = z.infer<typeof CreateAudienceRequest>;

export const AudienceResponse = z.object({ statusCode: StatusCode, audience: Audience });
export type AudienceResponse = z.infer<typeof AudienceResponse>;

/**
 * Which people of a pronet post are imported (ours), also named as the workflow node names them,
 * `like` (the people who reacted) and `comment` (who commented), read as REACTIONS and COMMENTS.
 */
export const PronetPostCategory = z.pipe(
  z.enum(['REACTIONS', 'COMMENTS', 'ALL', 'like', 'comment'], { message: 'pronetPostCategory must be one of REACTIONS, COMMENTS, ALL, like or comment' }),
  z.transform((v) => (v === 'like' ? 'REACTIONS' : v === 'comment' ? 'COMMENTS' : v)),
);
export type PronetPostCategory = z.output<typeof PronetPostCategory>;

/** POST /audiences: import the people of a pronet search or post URL into audience `audience` (a name). */
export const ImportAudienceRequest = z.strictObject({
  audience: z.string({ message: 'audience must be a string' }).check(z.trim(), z.minLength(1, { message: 'audience must not be empty' })),
  pronetUrl: z.url({ message: 'pronetUrl must be a URL' }),
  identityId: idString('identityId'),
  pronetPostCategory: z.optional(PronetPostCategory),
  // `true` or "true": the workflow node sends this body form-encoded.
  excludeContactedLeads: z.optional(queryBool('excludeContactedLeads')),
  autoImport: z.optional(queryBool('autoImport')),
});
export type ImportAudienceRequest = z.infer<typeof ImportAudienceRequest>;

/** A bare acknowledgement (`{statusCode, message}`), e.g. of a background import. */
export const MessageResponse = z.object({ statusCode: StatusCode, message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const AudienceParams = z.object({ audienceId: idString('audienceId') });
export const AudienceDetailResponse = z.object({ statusCode: StatusCode, data: Audience });
export type AudienceDetailResponse = z.infer<typeof AudienceDetailResponse>;

export const AUDIENCE_LEADS_DEFAULT_LIMIT = 25;
export const AUDIENCE_LEADS_MAX_LIMIT = 100;
export const SkipLimitQuery = z.object({
  skip: z._default(queryInt('skip', 0), 0),
  limit: z._default(queryInt('limit', 1, AUDIENCE_LEADS_MAX_LIMIT), AUDIENCE_LEADS_DEFAULT_LIMIT),
});

/** GET /credits (`{total, perishable}`, integers). */
export const Credits = z.object({ total: Int, perishable: Int });
export type Credits = z.infer<typeof Credits>;
export const CreditsResponse = z.object({ statusCode: StatusCode, credits: Credits });
export type CreditsResponse = z.infer<typeof CreditsResponse>;
