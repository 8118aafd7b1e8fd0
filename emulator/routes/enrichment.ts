/** Enrichment (#14) and its status (#15). Credits are read with GET /credits (workspace routes). */
import { notFound } from '../domain-error';
import type { RegisterEndpoint } from '../http/endpoint';
import type { EnrichRequestRecord, LeadRecord } from '../model';
import { ENRICH_DURATION_MS, enrichStatus, enrichmentFindings, spendCredits } from '../rules/enrichment';
import { createOrMergeLead, findLead, normaliseLeadFields } from '../rules/lead-merge';
import { newId } from '../store';
import { toLead } from '../wire';

export function registerEnrichmentRoutes(endpoint: RegisterEndpoint): void {
  endpoint('enrichLead', ({ core, ws, body, now }) => {
    const { enrichType, mode, webhookUrl, ...who } = body;
    // Find the lead first (404 spends nothing), then spend (402 creates nothing).
    let lead: LeadRecord | undefined = findLead(ws, normaliseLeadFields(who));
    const creditsSpent = spendCredits(ws.data.credits, enrichType);
    lead ??= createOrMergeLead(ws, who, now).lead;
    const request: EnrichRequestRecord = {
      id: newId('enr'),
      enrichType,
      leadId: lead.id,
      createdAt: now,
      completesAt: now + ENRICH_DURATION_MS,
      outcome: Object.keys(enrichmentFindings(lead, enrichType)).length > 0 ? 'completed' : 'not_found',
      creditsSpent,
      ...(mode !== undefined ? { mode } : {}),
      ...(mode === 'webhook' && webhookUrl !== undefined ? { webhookUrl } : {}),
    };
    if (mode === 'sync') {
      // The answer waits for the result: the request is over when it is answered.
      request.completesAt = now;
      ws.addEnrichRequest(request);
      core.finishEnrichment(ws, request);
      const enriched = ws.leads.get(lead.id);
      const status = enrichStatus(request, now);
      return { enrichRequestId: request.id, creditsSpent, status, ...(status === 'completed' && enriched ? { lead: toLead(enriched) } : {}) };
    }
    ws.addEnrichRequest(request);
    core.jobs.add({
      id: core.jobs.nextId('enrich-complete'),
      kind: 'enrich-complete',
      workspaceId: ws.id,
      enrichRequestId: request.id,
      dueAt: request.completesAt,
    });
    return { enrichRequestId: request.id, creditsSpent };
  });

  endpoint('getEnrichStatus', ({ ws, params, now }) => {
    const request = ws.enrichRequests.get(params.enrichRequestId);
    if (!request) throw notFound(`No enrichment request ${params.enrichRequestId}.`);
    const status = enrichStatus(request, now);
    const lead = request.leadId ? ws.leads.get(request.leadId) : undefined;
    return status === 'completed' && lead ? { status, lead: toLead(lead) } : { status };
  });
}
