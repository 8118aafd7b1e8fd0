/**
 * Builds one realistic workspace in stages (people and accounts, leads, campaigns with their stats:
 * campaigns.ts, conversations with their messages: conversations.ts, CRM records), so that the demo
 * seed can slot its fixed profiles in between the stages and everything stays consistent: a
 * conversation's messages follow the lead's statsleads counters, a campaign's stats follow its leads.
 * This module: the workspace itself, its people, audiences and leads, and the CRM records.
 */
import type {
  AudienceRecord,
  CrmRecord,
  IdentityRecord,
  LeadRecord,
  MemberRecord,
  Plan,
  PronetProfile,
  WorkspaceData,
} from '../model';
import { PRONET_CANONICAL_ORIGIN } from '../../lib/pronet/canonical-url';
import {
  AUDIENCE_NAMES,
} from './content';
import type { IdFactory } from './ids';
import {
  type Company,
  aboutText,
  companyPool,
  emailFor,
  headline,
  jobTitle,
  personName,
  phoneNumber,
  pickLocation,
  slugify,
} from './people';
import { type Rng, createRng } from './prng';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Shared by every workspace of one build: ids and slugs must be unique across the world. */
export interface BuildContext {
  ids: IdFactory;
  now: number;
  slugs: Set<string>;
  emails: Set<string>;
}

/** The canonical pronetUrl of a slug (lower-case ASCII slugs are already in canonical form). */
export function pronetUrlOf(slug: string): string {
  return `${PRONET_CANONICAL_ORIGIN}/in/${encodeURIComponent(slug)}/`;
}

/** A member's sign-in email: `first.last@<workspace label>.example`. */
export function memberEmailFor(workspaceLabel: string, name: string): string {
  const local = name.normalize('NFKD').replace(/[^\w\s-]/g, '').trim().toLowerCase().split(/\s+/).join('.');
  return `${local}@${workspaceLabel}.example`;
}

/** Deterministic demo password of a member (printed at start), independent of the clock. */
export function demoPasswordFor(email: string): string {
  return `demo-${createRng(`password:${email}`).hex(12)}`;
}

/** Deterministic, printable API key of a workspace, independent of the clock. */
export function apiKeyFor(label: string): string {
  return `key_${label}_${createRng(`api-key:${label}`).hex(32)}`;
}

export interface WorkspaceSpec {
  /** Short label: seeds the PRNG and names the key (`key_<label>_<hex>`). */
  label: string;
  name: string;
  plan: Plan;
  crmSync: boolean;
  crmAConnected: boolean;
  crmBConnected: boolean;
  credits: { total: number; perishable: number };
  members: readonly { name: string; label: string }[];
  identities: readonly { firstname: string; lastname: string; jobTitle: string; pronetConnected: boolean }[];
  companyName: string;
}

/** Stage 1: the workspace with its members and identities, nothing else. */
export function baseWorkspace(ctx: BuildContext, spec: WorkspaceSpec): WorkspaceData {
  const members: MemberRecord[] = spec.members.map((m) => {
    const email = memberEmailFor(spec.label, m.name);
    return { id: ctx.ids.next('mem'), name: m.name, label: m.label, email, password: demoPasswordFor(email) };
  });
  const identities: IdentityRecord[] = spec.identities.map((i) => ({
    id: ctx.ids.next('idt'),
    name: `${i.firstname} ${i.lastname}`,
    firstname: i.firstname,
    lastname: i.lastname,
    companyName: spec.companyName,
    jobTitle: i.jobTitle,
    pronetConnected: i.pronetConnected,
  }));
  return {
    id: ctx.ids.next('ws'),
    name: spec.name,
    plan: spec.plan,
    apiKey: apiKeyFor(spec.label),
    crmSync: spec.crmSync,
    crm: { crmA: { connected: spec.crmAConnected }, crmB: { connected: spec.crmBConnected }, records: [] },
    credits: { ...spec.credits },
    members,
    identities,
    audiences: [],
    campaigns: [],
    leads: [],
    conversations: [],
    messages: [],
    webhooks: [],
    enrichRequests: [],
    leadLogs: [],
  };
}

/** Stage 2a: audiences. */
export function addAudiences(ctx: BuildContext, rng: Rng, ws: WorkspaceData, count: number): AudienceRecord[] {
  const types = ['MANUAL', 'PRONET_SEARCH', 'PRONET_POST', 'API', 'VISITORS'];
  const out: AudienceRecord[] = [];
  for (let i = 0; i < count; i++) {
    const type = types[i % types.length] as string;
    const name = AUDIENCE_NAMES[i % AUDIENCE_NAMES.length] as string;
    out.push({
      id: ctx.ids.next('aud'),
      name: i < AUDIENCE_NAMES.length ? name : `${name} ${Math.floor(i / AUDIENCE_NAMES.length) + 1}`,
      description: rng.chance(0.3) ? '' : `${name}: imported ${type === 'MANUAL' ? 'by hand' : 'from pronet'}`,
      type,
      sourceUrl:
        type === 'PRONET_SEARCH'
          ? `${PRONET_CANONICAL_ORIGIN}/search/results/people/?keywords=${encodeURIComponent(name)}`
          : type === 'PRONET_POST'
            ? `${PRONET_CANONICAL_ORIGIN}/posts/activity-${rng.int(1e9, 9e9)}/`
            : null,
      createdAt: ctx.now - rng.int(90, 200) * DAY_MS,
    });
  }
  ws.audiences.push(...out);
  return out;
}

/** A filler person as a lead (not yet in any audience) and their site profile. */
export function fillerLead(
  ctx: BuildContext,
  rng: Rng,
  companies: readonly Company[],
  opts: { withPronet: number; withEmail: number },
): { lead: LeadRecord; profile: PronetProfile | null } {
  const name = personName(rng);
  const company = rng.pick(companies);
  let slug = '';
  const withPronet = rng.chance(opts.withPronet);
  if (withPronet) {
    do slug = `${slugify(name.firstname)}-${slugify(name.lastname)}-${rng.hex(6)}`;
    while (ctx.slugs.has(slug));
    ctx.slugs.add(slug);
  }
  let proEmail: string | null = null;
  if (rng.chance(opts.withEmail)) {
    let candidate = emailFor(name, company);
    for (let n = 2; ctx.emails.has(candidate); n++) candidate = candidate.replace(/\d*@/, `${n}@`);
    ctx.emails.add(candidate);
    proEmail = candidate;
  }
  const title = jobTitle(rng);
  const bio = headline(rng, title, company.name);
  const createdAt = ctx.now - rng.int(20, 120) * DAY_MS - rng.int(0, DAY_MS);
  const lead: LeadRecord = {
    id: ctx.ids.next('lead'),
    firstname: name.firstname,
    lastname: name.lastname,
    proEmail,
    persoEmail: rng.chance(0.1) ? `${slugify(name.firstname)}${rng.int(10, 99)}@mail.example` : null,
    pronetUrl: withPronet ? pronetUrlOf(slug) : null,
    microblog: rng.chance(0.3) ? `${slugify(name.firstname)}_${slugify(name.lastname)}`.replace(/-/g, '_') : null,
    companyName: company.name,
    companyUrl: company.website,
    jobTitle: title,
    phone: rng.chance(0.3) ? phoneNumber(rng) : null,
    location: pickLocation(rng),
    industry: company.industry,
    gender: name.gender,
    shortBio: bio,
    dateOfBirth: rng.chance(0.4) ? `${rng.int(1, 28)} ${rng.pick(MONTHS)}` : null,
    picture: null,
    crmIds: {},
    audienceIds: [],
    statusByCampaign: {},
    unsubscribed: false,
    createdAt,
    modifiedAt: createdAt + rng.int(0, 10) * DAY_MS,
  };
  const profile: PronetProfile | null = withPronet
    ? {
        slug,
        firstname: name.firstname,
        lastname: name.lastname,
        headline: bio,
        companyName: company.name,
        location: lead.location ?? '',
        about: aboutText(rng, { company: company.name, industry: company.industry }),
        picture: null,
      }
    : null;
  return { lead, profile };
}

const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** Filler leads, each placed in one to three audiences. */
export function addFillerLeads(
  ctx: BuildContext,
  rng: Rng,
  ws: WorkspaceData,
  count: number,
  companiesCount: number,
): PronetProfile[] {
  const companies = companyPool(rng, companiesCount);
  const profiles: PronetProfile[] = [];
  for (let i = 0; i < count; i++) {
    const { lead, profile } = fillerLead(ctx, rng, companies, { withPronet: 0.9, withEmail: 0.8 });
    const k = rng.pick([1, 1, 2, 2, 3]);
    lead.audienceIds = rng.sample(ws.audiences, k).map((a) => a.id);
    ws.leads.push(lead);
    if (profile) profiles.push(profile);
  }
  return profiles;
}

/** CRM records for some leads (a connected crmA only). */
export function addCrmRecords(ctx: BuildContext, rng: Rng, ws: WorkspaceData, leads: readonly LeadRecord[]): void {
  if (!ws.crm.crmA.connected) return;
  for (const lead of leads) {
    const id = ctx.ids.next('crm');
    const record: CrmRecord = {
      crm: 'crmA',
      id,
      url: `https://crm-a.example/contacts/${id}`,
      name: `${lead.firstname} ${lead.lastname}`,
      email: lead.proEmail,
      firstname: lead.firstname,
      lastname: lead.lastname,
      companyName: lead.companyName,
      pronetUrl: rng.chance(0.7) ? lead.pronetUrl : null,
    };
    ws.crm.records.push(record);
    lead.crmIds.crmA = id;
  }
}
