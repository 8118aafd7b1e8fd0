/**
 * POST /leads and the visitor webhooks: create a lead, or merge into the lead it matches, and put it
 * in the audience named `audience` (created when missing). Matching uses the first identifier given
 * in the order leadId, pronetUrl, proEmail, persoEmail, microblog, then first name + last name +
 * company. Merging fills empty fields only: a value the lead already has is never overwritten.
 */
import { notFound } from '../domain-error';
import type { AudienceRecord, LeadRecord } from '../model';
import { newId, type WorkspaceStore } from '../store';
import { canonicalPronetUrl } from './lead-lookup';

/** Profile fields a caller may give. */
export interface LeadFields {
  leadId?: string;
  proEmail?: string;
  persoEmail?: string;
  pronetUrl?: string;
  microblog?: string;
  firstname?: string;
  lastname?: string;
  companyName?: string;
  companyUrl?: string;
  jobTitle?: string;
  phone?: string;
  location?: string;
  picture?: string;
  industry?: string;
  gender?: string;
  shortBio?: string;
  relationsCount?: number;
  /** The lead's id in the workspace's CRM (crmA when connected, else crmB). */
  crmId?: string;
  customAttributes?: Record<string, string>;
}

const FILLABLE = [
  'proEmail',
  'persoEmail',
  'pronetUrl',
  'microblog',
  'companyName',
  'companyUrl',
  'jobTitle',
  'phone',
  'location',
  'picture',
  'industry',
  'gender',
  'shortBio',
  'relationsCount',
] as const;

/** Which CRM a lead's `crm_id` belongs to: the workspace's connected one, crmA when both or none are. */
function crmOf(ws: WorkspaceStore): 'crmA' | 'crmB' {
  return !ws.data.crm.crmA.connected && ws.data.crm.crmB.connected ? 'crmB' : 'crmA';
}

export function findOrCreateAudience(ws: WorkspaceStore, name: string, type: string, now: number): AudienceRecord {
  const existing = ws.audienceByName(name);
  if (existing) return existing;
  const audience: AudienceRecord = {
    id: newId('aud'),
    name: name.trim(),
    description: '',
    type,
    sourceUrl: null,
    createdAt: now,
  };
  ws.addAudience(audience);
  return audience;
}

/** The given fields, emails lower-cased and pronetUrl canonical (400 when it is no profile URL). */
export function normaliseLeadFields(input: LeadFields): LeadFields {
  const out: LeadFields = { ...input };
  if (out.proEmail) out.proEmail = out.proEmail.trim().toLowerCase();
  if (out.persoEmail) out.persoEmail = out.persoEmail.trim().toLowerCase();
  if (out.microblog) out.microblog = out.microblog.trim().replace(/^@/, '');
  if (out.pronetUrl !== undefined) out.pronetUrl = canonicalPronetUrl(out.pronetUrl);
  return out;
}

export function findLead(ws: WorkspaceStore, f: LeadFields): LeadRecord | undefined {
  if (f.leadId !== undefined) {
    const lead = ws.leads.get(f.leadId);
    if (!lead) throw notFound(`No lead matches leadId ${f.leadId}.`);
    return lead;
  }
  if (f.pronetUrl) {
    const lead = ws.leadByPronetUrl(f.pronetUrl);
    if (lead) return lead;
  }
  for (const email of [f.proEmail, f.persoEmail]) {
    const lead = email ? ws.leadByEmail(email) : undefined;
    if (lead) return lead;
  }
  if (f.microblog) {
    const handle = f.microblog.toLowerCase();
    for (const lead of ws.leads.values()) if (lead.microblog?.toLowerCase() === handle) return lead;
  }
  if (f.firstname && f.lastname && (f.companyName || f.companyUrl)) {
    return ws.leadByName(f.firstname, f.lastname, f.companyName);
  }
  return undefined;
}

export interface MergeResult {
  lead: LeadRecord;
  created: boolean;
  /** Fields filled on an existing lead. */
  filled: string[];
}

/** Creates or merges the lead; does not touch audiences. */
export function createOrMergeLead(ws: WorkspaceStore, input: LeadFields, now: number): MergeResult {
  const f = normaliseLeadFields(input);
  const existing = findLead(ws, f);
  if (existing) {
    const patch: Partial<LeadRecord> = {};
    const filled: string[] = [];
    for (const key of FILLABLE) {
      const value = f[key];
      if (value !== undefined && (existing[key] === null || existing[key] === undefined || existing[key] === '')) {
        Object.assign(patch, { [key]: value });
        filled.push(key);
      }
    }
    if (!existing.firstname && f.firstname) {
      patch.firstname = f.firstname;
      filled.push('firstname');
    }
    if (!existing.lastname && f.lastname) {
      patch.lastname = f.lastname;
      filled.push('lastname');
    }
    const crm = crmOf(ws);
    if (f.crmId && !existing.crmIds[crm]) {
      patch.crmIds = { ...existing.crmIds, [crm]: f.crmId };
      filled.push('crm_id');
    }
    const attributes = Object.entries(f.customAttributes ?? {}).filter(([k]) => existing.customAttributes?.[k] === undefined);
    if (attributes.length > 0) {
      patch.customAttributes = { ...existing.customAttributes, ...Object.fromEntries(attributes) };
      filled.push(...attributes.map(([k]) => k));
    }
    if (filled.length > 0) ws.updateLead(existing, { ...patch, modifiedAt: now });
    return { lead: existing, created: false, filled };
  }
  const lead: LeadRecord = {
    id: newId('lead'),
    firstname: f.firstname ?? '',
    lastname: f.lastname ?? '',
    proEmail: f.proEmail ?? null,
    persoEmail: f.persoEmail ?? null,
    pronetUrl: f.pronetUrl ?? null,
    microblog: f.microblog ?? null,
    companyName: f.companyName ?? null,
    companyUrl: f.companyUrl ?? null,
    jobTitle: f.jobTitle ?? null,
    phone: f.phone ?? null,
    location: f.location ?? null,
    industry: f.industry ?? null,
    gender: f.gender ?? null,
    shortBio: f.shortBio ?? null,
    dateOfBirth: null,
    picture: f.picture ?? null,
    crmIds: f.crmId ? { [crmOf(ws)]: f.crmId } : {},
    ...(f.relationsCount !== undefined ? { relationsCount: f.relationsCount } : {}),
    ...(f.customAttributes && Object.keys(f.customAttributes).length > 0 ? { customAttributes: { ...f.customAttributes } } : {}),
    audienceIds: [],
    statusByCampaign: {},
    unsubscribed: false,
    createdAt: now,
    modifiedAt: now,
  };
  ws.addLead(lead);
  return { lead, created: true, filled: [] };
}

/**
 * Puts a lead in an audience and logs it (once: a lead already there is left as it is).
 * Returns whether the lead was added.
 */
export function addLeadToAudience(ws: WorkspaceStore, lead: LeadRecord, audience: AudienceRecord, description: string, now: number): boolean {
  const added = ws.addLeadToAudience(lead, audience.id);
  if (added) {
    ws.addLog({ id: newId('log'), leadId: lead.id, identityId: null, campaignId: null, type: 'ADDED_TO_AUDIENCE', description, createdAt: now });
  }
  return added;
}
