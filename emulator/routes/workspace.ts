/** Members (#1), identities (#2), credits (#16). */
import type { RegisterEndpoint } from '../http/endpoint';
import { toIdentity, toMember } from '../wire';

export function registerWorkspaceRoutes(endpoint: RegisterEndpoint): void {
  endpoint('listMembers', ({ ws }) => ws.data.members.map(toMember));
  endpoint('listIdentities', ({ ws }) => ({ identities: ws.data.identities.map(toIdentity) }));
  endpoint('getCredits', ({ ws }) => ({
    credits: { total: ws.data.credits.total, perishable: ws.data.credits.perishable },
  }));
}
