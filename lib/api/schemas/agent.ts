import { z } from 'zod/mini';
import { EpochMs, Int, StatusCode, idString } from './common';

// Calls the service's AI-agent tool server makes that the 39 endpoints of spec/endpoints.md do not
// list (spec/real-clients.md #5, #6, #7). Their shapes are ours, after what that client reads.

/** A workspace of the key's account. */
export const AccountWorkspace = z.object({
  id: z.string(),
  name: z.string(),
  plan: z.string(),
  /** The workspace the call acted on (the key's own, or the one `X-Workspace` named). */
  current: z.boolean(),
});
export type AccountWorkspace = z.infer<typeof AccountWorkspace>;

/** GET /workspaces: the workspaces a key reaches; `multiWorkspace` when more than one. */
export const WorkspacesResponse = z.object({
  statusCode: StatusCode,
  multiWorkspace: z.boolean(),
  workspaces: z.array(AccountWorkspace),
});
export type WorkspacesResponse = z.infer<typeof WorkspacesResponse>;

/** The header naming another workspace of the key's account to act on. */
export const WORKSPACE_HEADER = 'X-Workspace';

export const PREFERENCE_VALUE_MAX = 500;

const word = (field: string) => z.string({ message: `${field} must be a string` }).check(z.trim(), z.minLength(1, { message: `${field} must not be empty` }));

/** POST /identities/{identityId}/preferences: one preference of an identity (the agent's memory of how it writes). */
export const IdentityPreferenceRequest = z.strictObject({
  category: word('category'),
  key: word('key'),
  value: z.string({ message: 'value must be a string' }).check(z.maxLength(PREFERENCE_VALUE_MAX, { message: `value must be at most ${PREFERENCE_VALUE_MAX} characters long` })),
  /** The channel it applies to; absent: every channel. */
  channel: z.optional(word('channel')),
});
export type IdentityPreferenceRequest = z.infer<typeof IdentityPreferenceRequest>;

export const IdentityParams = z.object({ identityId: idString('identityId') });

export const IdentityPreference = z.object({
  identityId: z.string(),
  category: z.string(),
  key: z.string(),
  value: z.string(),
  channel: z.nullable(z.string()),
  updatedAt: EpochMs,
});
export type IdentityPreference = z.infer<typeof IdentityPreference>;

export const IdentityPreferenceResponse = z.object({ statusCode: StatusCode, preference: IdentityPreference });

/** POST /posts/enrich: what a pronet post is and who engaged with it. */
export const PostEnrichRequest = z.strictObject({ postUrl: z.url({ message: 'postUrl must be a URL' }) });
export type PostEnrichRequest = z.infer<typeof PostEnrichRequest>;

export const EnrichedPost = z.object({
  url: z.string(),
  authorName: z.string(),
  authorPronetUrl: z.string(),
  text: z.string(),
  publishedAt: EpochMs,
  reactions: Int,
  comments: Int,
});
export const PostEnrichResponse = z.object({ statusCode: StatusCode, post: EnrichedPost });
export type PostEnrichResponse = z.infer<typeof PostEnrichResponse>;
