/**
 * Calls the service's AI-agent tool server makes beyond the 39 endpoints of spec/endpoints.md
 * (spec/real-clients.md rows 5, 6, 7), with the schemas of their requests and answers. The emulator
 * serves them as it serves the catalogue; the extension calls none, so none is in its bundles.
 */
import type { z } from 'zod/mini';
import type { HttpMethod } from './endpoints';
import {
  IdentityParams,
  IdentityPreferenceRequest,
  IdentityPreferenceResponse,
  PostEnrichRequest,
  PostEnrichResponse,
  WorkspacesResponse,
} from './schemas';

export interface AgentEndpointDef {
  readonly name: string;
  /** Its row in the table of spec/real-clients.md. */
  readonly row: number;
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: z.ZodMiniType;
  readonly body?: z.ZodMiniType;
  readonly response: z.ZodMiniType;
}

export const agentEndpoints = {
  listWorkspaces: { name: 'listWorkspaces', row: 5, method: 'GET', path: '/workspaces', response: WorkspacesResponse },
  enrichPost: { name: 'enrichPost', row: 6, method: 'POST', path: '/posts/enrich', body: PostEnrichRequest, response: PostEnrichResponse },
  setIdentityPreference: {
    name: 'setIdentityPreference',
    row: 7,
    method: 'POST',
    path: '/identities/:identityId/preferences',
    params: IdentityParams,
    body: IdentityPreferenceRequest,
    response: IdentityPreferenceResponse,
  },
} as const satisfies Record<string, AgentEndpointDef>;

export type AgentEndpoints = typeof agentEndpoints;
export type AgentEndpointName = keyof AgentEndpoints;
