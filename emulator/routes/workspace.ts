/** Members (#1), identities (#2), credits (#16). */
import type { EmulatorCore } from '../core';
import { registerEndpoint, type App } from '../http/endpoint';
import { toIdentity, toMember } from '../wire';

export function registerWorkspaceRoutes(app: App, core: EmulatorCore): void {
  registerEndpoint(app, core, 'listMembers', ({ ws }) => ws.data.members.map(toMember));
  registerEndpoint(app, core, 'listIdentities', ({ ws }) => ({ identities: ws.data.identities.map(toIdentity) }));
  registerEndpoint(app, core, 'getCredits', ({ ws }) => ({
    credits: { total: ws.data.credits.total, perishable: ws.data.credits.perishable },
  }));
}
