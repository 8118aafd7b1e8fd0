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
  api: Pick<BackgroundApi, 'enrich' | 'credits' | 'audiences' | 'campaigns' | 'createLead'>;
  panelData: Pick<PanelData, 'credits' | 'audiences' | 'campaignAudiences'>;
  identities: Pick<IdentityDirectory, 'list'>;
  /** The configured extra profile hosts. */
  hosts(): readonly string[];
  /** Follows an enrichment the service accepted to its result (`enrichments.ts`). */
  followEnrichment(input: { id: string; enrichType: EnrichType; leadId: string | null; profileUrl: string | null }): Promise<void>;
  /** Whether an enrichment of this lead or profile, asked from here, is still under way. */
  enrichmentUnderWay(target: { leadId: string } | { profileUrl: string }): boolean;
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
  /** Enrichments asked and not answered yet (lead:<id> or profile:<url>). */
  const asking = new Set<string>();

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
      // Enrichment spends credits: a second request for the same person while one is on its way or
      // under way is refused (the panel has Enrich off then; this holds for any other sender too).
      const profileUrl = 'leadId' in req ? null : canonicalOrThrow(req.profileUrl);
      const key = 'leadId' in req ? `lead:${req.leadId}` : `profile:${profileUrl}`;
      const underWay = 'leadId' in req ? deps.enrichmentUnderWay({ leadId: req.leadId }) : deps.enrichmentUnderWay({ profileUrl: profileUrl! });
      if (asking.has(key) || underWay) throw new RequestError('bad-request', 'enrichment-under-way');
      asking.add(key);
      try {
        if ('leadId' in req) {
          const sent = await api.enrich({ enrichType: req.enrichType, leadId: req.leadId }, user);
          await deps.followEnrichment({ id: sent.enrichRequestId, enrichType: req.enrichType, leadId: req.leadId, profileUrl: null });
          return sent;
        }
        // A profile that is no lead: the lead is made first with the facts the form shows (an
        // enrichment alone makes one with the names only), then enriched by its id. POST /leads
        // creates or merges, and a merge fills empty fields only: asked twice, it makes one lead.
        const { enrichType, firstname, lastname } = req;
        const { leadId } = await api.createLead(
          { pronetUrl: profileUrl!, ...optional('firstname', firstname), ...optional('lastname', lastname), ...optional('companyName', req.companyName), ...optional('jobTitle', req.jobTitle) },
          user,
        );
        const sent = await api.enrich({ enrichType, leadId }, user);
        await deps.followEnrichment({ id: sent.enrichRequestId, enrichType, leadId, profileUrl });
        return sent;
      } finally {
        asking.delete(key);
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
