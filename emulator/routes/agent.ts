/**
 * The agent server's calls beyond the catalogue (spec/real-clients.md #5-7; lib/api/agent-endpoints.ts):
 * the workspaces of the key's account, a pronet post's details, an identity's preferences.
 */
import { createHash } from 'node:crypto';
import { PRONET_CANONICAL_ORIGIN, isProfileHost } from '../../lib/pronet/canonical-url';
import { invalid, notFound } from '../domain-error';
import type { RegisterAgentEndpoint } from '../http/endpoint';

/** A number from `seed` in [0, n): the same post always gets the same details. */
function pick(seed: string, salt: string, n: number): number {
  return createHash('sha256').update(`${salt}:${seed}`).digest().readUInt32BE(0) % n;
}

export function registerAgentRoutes(endpoint: RegisterAgentEndpoint): void {
  endpoint('listWorkspaces', ({ core, ws, apiKey }) => {
    const own = core.store.workspaceByKey(apiKey) ?? ws;
    const account = own.data.accountId;
    const reachable = account === undefined ? [own] : core.store.workspaces.filter((w) => w.data.accountId === account);
    const workspaces = reachable.map((w) => ({ id: w.id, name: w.data.name, plan: w.data.plan, current: w.id === ws.id }));
    return { reply: { multiWorkspace: workspaces.length > 1, workspaces }, summary: `${workspaces.length} workspace(s)` };
  });

  endpoint('enrichPost', ({ ws, body, now }) => {
    const url = new URL(body.postUrl);
    if (!isProfileHost(url.hostname) || !/\/(posts|feed\/update)\//.test(url.pathname)) {
      throw invalid('postUrl must be a pronet post URL.', { field: 'postUrl' });
    }
    const key = `${url.hostname.replace(/^(www|m)\./, '')}${url.pathname.replace(/\/+$/, '')}`;
    // The author: a person of the workspace's leads with a profile (a post of someone the team knows).
    const authors = ws.data.leads.filter((l) => l.pronetUrl !== null);
    const author = authors[pick(key, 'author', Math.max(1, authors.length))];
    const post = {
      url: `${PRONET_CANONICAL_ORIGIN}${url.pathname}`,
      authorName: author ? `${author.firstname} ${author.lastname}`.trim() : 'A pronet member',
      authorPronetUrl: author?.pronetUrl ?? `${PRONET_CANONICAL_ORIGIN}/in/`,
      text: `Post ${key.split('/').at(-1) ?? ''}: thoughts on what our teams learned this quarter.`,
      publishedAt: now - (1 + pick(key, 'age', 60)) * 24 * 60 * 60 * 1000,
      reactions: pick(key, 'reactions', 400),
      comments: pick(key, 'comments', 60),
    };
    return { reply: { post }, summary: 'post details' };
  });

  endpoint('setIdentityPreference', ({ ws, params, body, now }) => {
    const identity = ws.identities.get(params.identityId);
    if (!identity) throw notFound(`No identity ${params.identityId}.`);
    const channel = body.channel ?? null;
    const preference = { identityId: identity.id, category: body.category, key: body.key, value: body.value, channel, updatedAt: now };
    // One value per category, key and channel: setting it again replaces it.
    const others = (identity.preferences ?? []).filter((p) => !(p.category === body.category && p.key === body.key && p.channel === channel));
    identity.preferences = [...others, preference];
    return { reply: { preference }, summary: 'preference saved' };
  });
}
