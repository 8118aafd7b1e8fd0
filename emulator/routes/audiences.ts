/** Audiences: list (#3), create (#4), import in the background (#5), detail (#6), leads (#7). */
import { isProfileHost } from '../../lib/pronet/canonical-url';
import { invalid, conflict, notFound } from '../domain-error';
import type { RegisterEndpoint } from '../http/endpoint';
import { findOrCreateAudience } from '../rules/lead-merge';
import { newId } from '../store';
import { toAudience, toLead } from '../wire';

export function registerAudienceRoutes(endpoint: RegisterEndpoint): void {
  endpoint('listAudiences', ({ ws }) => ({
    audiences: ws.data.audiences.map((a) => toAudience(ws, a)),
  }));

  endpoint('createAudience', ({ ws, body, now }) => {
    const existing = ws.audienceByName(body.name);
    // Audiences are named by name elsewhere (POST /leads, visitors): two with one name would be ambiguous.
    if (existing) throw conflict(`An audience named ${existing.name} already exists.`, { audienceId: existing.id });
    const audience = { id: newId('aud'), name: body.name, description: '', type: 'MANUAL', sourceUrl: null, createdAt: now };
    ws.addAudience(audience);
    return { audience: toAudience(ws, audience) };
  });

  endpoint('importAudience', ({ core, ws, body, now }) => {
    if (!ws.identities.has(body.identityId)) throw notFound(`No identity ${body.identityId}.`);
    const url = new URL(body.pronetUrl);
    if (!isProfileHost(url.hostname)) throw invalid('pronetUrl must be a pronet search or post URL.');
    const isPost = /\/(posts|feed)\//.test(url.pathname);
    const existed = ws.audienceByName(body.audience) !== undefined;
    const audience = findOrCreateAudience(ws, body.audience, isPost ? 'PRONET_POST' : 'PRONET_SEARCH', now);
    if (!existed) audience.sourceUrl = url.toString();
    if (body.autoImport !== undefined) audience.autoImport = body.autoImport;
    core.startAudienceImport(ws, audience.id, {
      pronetUrl: url.toString(),
      ...(body.pronetPostCategory ? { pronetPostCategory: body.pronetPostCategory } : {}),
      ...(body.excludeContactedLeads ? { excludeContactedLeads: true } : {}),
    });
    return { message: `Import started into audience ${audience.name}; leads arrive in the background.` };
  });

  endpoint('getAudience', ({ ws, params }) => {
    const audience = ws.audiences.get(params.audienceId);
    if (!audience) throw notFound(`No audience ${params.audienceId}.`);
    return { data: toAudience(ws, audience) };
  });

  endpoint('listAudienceLeads', ({ ws, params, query }) => {
    if (!ws.audiences.has(params.audienceId)) throw notFound(`No audience ${params.audienceId}.`);
    const leads = ws.leadsOfAudience(params.audienceId);
    return { data: leads.slice(query.skip, query.skip + query.limit).map(toLead), total: leads.length };
  });
}

