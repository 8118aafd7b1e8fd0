/**
 * The `empty` seed: a Pro workspace with a member and an identity and nothing else (plus the demo's
 * Starter workspace, just as empty). Both keep the demo's API keys, so an extension configured
 * against the demo keeps working after a reset to `empty`.
 */
import type { WorldData } from '../model';
import { DEMO_PRO, DEMO_STARTER, newContext } from './demo';
import { FAMOUS_PEOPLE, famousProfile } from './famous';
import { baseWorkspace } from './workspace';

export function buildEmpty(now: number): WorldData {
  const ctx = newContext(now, 0x51ed270b);
  const pro = baseWorkspace(ctx, {
    ...DEMO_PRO,
    name: 'empty',
    crmSync: false,
    crmAConnected: false,
    crmBConnected: false,
    credits: { total: 10, perishable: 0 },
    members: DEMO_PRO.members.slice(0, 1),
    identities: DEMO_PRO.identities.slice(0, 1),
  });
  const starter = baseWorkspace(ctx, DEMO_STARTER);
  return { workspaces: [pro, starter], profiles: FAMOUS_PEOPLE.map(famousProfile) };
}
