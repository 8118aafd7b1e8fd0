/** Lead creation and enrichment: add a profile to an audience, enrich it, and what they need shown first. */
import { canonicalProfileUrl } from '../../pronet/canonical-url';
import type { EnrichType } from '../../api/enrichment';
import type { OutboxAction } from '../../store/db';
import type { OutboxItemView } from '../../views';
import type { BackgroundApi } from '../api';
import type { HandlerMap } from '../dispatch';
import { RequestError } from '../error-view';
import type { IdentityDirectory } from '../identity-directory';
import type { PanelData } from '../panel-data';

export interface LeadHandlerDeps {
  enqueue(action: OutboxAction): Promise<OutboxItemView>;
  api: Pick<BackgroundApi, 'enrich' | 'credits' | 'audiences' | 'campaigns'>;
  panelData: Pick<PanelData, 'credits' | 'audiences' | 'campaignAudiences'>;
  identities: Pick<IdentityDirectory, 'list'>;
  /** The configured extra profile hosts. */
  hosts(): readonly string[];
  /** Follows an enrichment the service accepted to its result (`enrichments.ts`). */
  followEnrichment(input: { id: string; enrichType: EnrichType; leadId: string | null; profileUrl: string | null }): Promise<void>;
}

type LeadRequests = 'add-to-audience' | 'lead-to-audience' | 'campaign-audiences' | 'enrich' | 'credits' | 'audiences' | 'identities';

const user = { priority: 'user' as const };

/** Trimmed, and left out when empty. */
const optional = (field: 'firstname' | 'lastname' | 'companyName' | 'jobTitle', value: string | undefined) => (value?.trim() ? { [field]: value.trim() } : {});

/** A campaign a new lead can still join: not finished, and with an audience to put the lead in. */
function canTakeLeads(c: { status: string; audienceName: string }): boolean {
  return c.status !== 'COMPLETED' && c.audienceName.trim() !== '';
}

export function leadHandlers(deps: LeadHandlerDeps): HandlerMap<LeadRequests> {
  const { api, panelData } = deps;

  function canonicalOrThrow(url: string): string {
    const canonical = canonicalProfileUrl(url, deps.hosts());
    if (canonical === null) throw new RequestError('bad-request', 'not-a-profile');
    return canonical;
  }

  return {
    'add-to-audience': async (req) =>
      deps.enqueue({
        kind: 'add-to-audience',
        profileUrl: canonicalOrThrow(req.profileUrl),
        audience: req.audience.trim(),
        ...optional('firstname', req.firstname),
        ...optional('lastname', req.lastname),
        ...optional('companyName', req.companyName),
        ...optional('jobTitle', req.jobTitle),
      }),
    'lead-to-audience': async (req) =>
      deps.enqueue({ kind: 'add-to-audience', profileUrl: canonicalOrThrow(req.profileUrl), leadId: req.leadId, audience: req.audience.trim() }),
    'campaign-audiences': () =>
      panelData.campaignAudiences.get('campaigns', async () =>
        (await api.campaigns(user)).filter(canTakeLeads).map((c) => ({ id: c.id, name: c.name, audience: c.audienceName, status: c.status })),
      ),
    async enrich(req) {
      try {
        if ('leadId' in req) {
          const sent = await api.enrich({ enrichType: req.enrichType, leadId: req.leadId }, user);
          await deps.followEnrichment({ id: sent.enrichRequestId, enrichType: req.enrichType, leadId: req.leadId, profileUrl: null });
          return sent;
        }
        const { enrichType, firstname, lastname } = req;
        const profileUrl = canonicalOrThrow(req.profileUrl);
        const sent = await api.enrich({ enrichType, pronetUrl: profileUrl, firstname, lastname }, user);
        await deps.followEnrichment({ id: sent.enrichRequestId, enrichType, leadId: null, profileUrl });
        return sent;
      } finally {
        // Enrichment spends credits: the balance shown next is read again.
        panelData.credits.drop();
      }
    },
    credits: () => panelData.credits.get('credits', () => api.credits(user)),
    audiences: () =>
      panelData.audiences.get('audiences', async () => (await api.audiences(user)).map((a) => ({ id: a.id, name: a.name, size: a.size }))),
    identities: () => deps.identities.list(),
  };
}
