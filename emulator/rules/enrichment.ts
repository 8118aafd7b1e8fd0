/**
 * Enrichment (endpoints.md #14-16): EMAIL_ENRICH and FULL_ENRICH cost 5 credits, PRONET_ENRICH 1;
 * 402 when the balance is short, nothing spent. Perishable credits go first. A request is pending
 * for ENRICH_DURATION_MS on the emulator clock, then completed: the lead's empty fields are filled
 * from what is known of it, or `not_found` when nothing could be derived.
 */
import { ENRICH_CREDIT_COST, type EnrichStatus, type EnrichType } from '../../lib/api/schemas';
import { noCredits } from '../domain-error';
import type { EnrichRequestRecord, LeadRecord, WorkspaceData } from '../model';

export const ENRICH_DURATION_MS = 30_000;

/** Takes `cost` credits, perishable ones first; 402 when the balance is short. */
export function spendCredits(credits: WorkspaceData['credits'], type: EnrichType): number {
  const cost = ENRICH_CREDIT_COST[type];
  if (credits.total < cost) {
    throw noCredits(`${type} needs ${cost} credits; the balance is ${credits.total}.`, {
      required: cost,
      available: credits.total,
    });
  }
  credits.total -= cost;
  credits.perishable = Math.max(0, credits.perishable - cost);
  return cost;
}

function slug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function domainOf(lead: LeadRecord): string | null {
  if (lead.companyUrl) {
    try {
      const u = new URL(/^https?:\/\//.test(lead.companyUrl) ? lead.companyUrl : `https://${lead.companyUrl}`);
      return u.hostname.replace(/^www\./, '');
    } catch {
      // fall through to the company name
    }
  }
  return lead.companyName ? `${slug(lead.companyName)}.example` : null;
}

/** The fields an enrichment of `type` finds for `lead` (only those the lead lacks). */
export function enrichmentFindings(lead: LeadRecord, type: EnrichType): Partial<LeadRecord> {
  const found: Partial<LeadRecord> = {};
  const wantEmail = type === 'EMAIL_ENRICH' || type === 'FULL_ENRICH';
  const wantProfile = type === 'PRONET_ENRICH' || type === 'FULL_ENRICH';
  const name = slug(`${lead.firstname} ${lead.lastname}`);
  if (wantEmail && !lead.proEmail) {
    const domain = domainOf(lead);
    const local = [lead.firstname, lead.lastname].map((p) => slug(p).replace(/-/g, '')).filter((p) => p !== '').join('.');
    if (domain && local) found.proEmail = `${local}@${domain}`;
  }
  if (wantProfile && !lead.pronetUrl && name) found.pronetUrl = `https://www.pronet.example/in/${name}/`;
  if (type === 'FULL_ENRICH' && !lead.phone && Object.keys(found).length > 0) {
    // A stable made-up number, derived from the lead id.
    const n = [...lead.id].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 10_000_000, 7);
    const digits = String(n).padStart(7, '0');
    found.phone = `+1 555 ${digits.slice(0, 3)} ${digits.slice(3)}`;
  }
  return found;
}

/** What GET /leads/enrich/{id} reports at `now`. */
export function enrichStatus(request: EnrichRequestRecord, now: number): EnrichStatus {
  if (now < request.completesAt) return 'pending';
  return request.outcome;
}
