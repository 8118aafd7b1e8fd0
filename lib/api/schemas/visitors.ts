import { z } from 'zod/mini';
import { Int, StatusCode, idString } from './common';
import type { CreateLeadRequest } from './leads';

// Website-visitor webhooks (#35-37): POST /leads/visitors/{provider}/{audienceName}. The seed leaves
// the payloads open; these three shapes are ours, one per visitor-tracking tool, deliberately
// different as third-party tools are:
//
// trackerA: a batch, camelCase, flat:
//   { "visitors": [ { "email", "firstName", "lastName", "company", "companyWebsite", "jobTitle",
//                     "pronet" (profile URL), "visitedAt" (ISO date-time) } ] }
// trackerB: one event per call, snake_case, nested person and company:
//   { "event": "visitor.identified", "occurred_at": <epoch seconds>,
//     "person": { "first_name", "last_name", "email", "title", "pronet_url" },
//     "company": { "name", "domain" } }
// trackerC: records with a full name and a work email:
//   { "site": "<site id>", "records": [ { "full_name", "work_email", "job_title", "organization",
//                                         "organization_url", "pronet_profile" } ] }
//
// Every visitor must be identified: an email or a pronet profile URL at least. Mapping to lead fields:
// email/work_email → proEmail, pronet/pronet_url/pronet_profile → pronetUrl, company/organization →
// companyName, companyWebsite/domain/organization_url → companyUrl, full_name → firstname (first word)
// + lastname (the rest).

export const VISITOR_PROVIDERS = ['trackerA', 'trackerB', 'trackerC'] as const;
export type VisitorProvider = (typeof VISITOR_PROVIDERS)[number];

const optText = z.optional(z.string().check(z.trim(), z.minLength(1)));
const identified = { message: 'a visitor needs an email or a pronet profile URL' };

export const TrackerAVisitor = z
  .strictObject({
    email: z.optional(z.email({ message: 'email must be an email address' })),
    firstName: optText,
    lastName: optText,
    company: optText,
    companyWebsite: optText,
    jobTitle: optText,
    pronet: z.optional(z.url({ message: 'pronet must be a URL' })),
    visitedAt: z.optional(z.iso.datetime({ offset: true, message: 'visitedAt must be an ISO 8601 date-time' })),
  })
  .check(z.refine((v) => v.email !== undefined || v.pronet !== undefined, { ...identified, path: ['email'] }));
export const TrackerAPayload = z.strictObject({
  visitors: z.array(TrackerAVisitor).check(z.minLength(1, { message: 'visitors must hold at least one visitor' })),
});
export type TrackerAPayload = z.infer<typeof TrackerAPayload>;

export const TrackerBPayload = z
  .strictObject({
    event: z.literal('visitor.identified', { message: 'event must be "visitor.identified"' }),
    occurred_at: Int.check(z.nonnegative()),
    person: z.strictObject({
      first_name: optText,
      last_name: optText,
      email: z.optional(z.email({ message: 'person.email must be an email address' })),
      title: optText,
      pronet_url: z.optional(z.url({ message: 'person.pronet_url must be a URL' })),
    }),
    company: z.optional(z.strictObject({ name: optText, domain: optText })),
  })
  .check(z.refine((v) => v.person.email !== undefined || v.person.pronet_url !== undefined, {
    ...identified,
    path: ['person', 'email'],
  }));
export type TrackerBPayload = z.infer<typeof TrackerBPayload>;

export const TrackerCRecord = z
  .strictObject({
    full_name: z.string({ message: 'full_name must be a string' }).check(z.trim(), z.minLength(1, { message: 'full_name must not be empty' })),
    work_email: z.optional(z.email({ message: 'work_email must be an email address' })),
    job_title: optText,
    organization: optText,
    organization_url: optText,
    pronet_profile: z.optional(z.url({ message: 'pronet_profile must be a URL' })),
  })
  .check(z.refine((v) => v.work_email !== undefined || v.pronet_profile !== undefined, { ...identified, path: ['work_email'] }));
export const TrackerCPayload = z.strictObject({
  site: idString('site'),
  records: z.array(TrackerCRecord).check(z.minLength(1, { message: 'records must hold at least one record' })),
});
export type TrackerCPayload = z.infer<typeof TrackerCPayload>;

export const VisitorParams = z.object({ audienceName: idString('audienceName') });

export const VisitorsResponse = z.object({ statusCode: StatusCode, created: Int.check(z.nonnegative()), merged: Int.check(z.nonnegative()) });
export type VisitorsResponse = z.infer<typeof VisitorsResponse>;

/** The lead fields a visitor carries. */
export type VisitorLead = Partial<
  Pick<CreateLeadRequest, 'proEmail' | 'pronetUrl' | 'firstname' | 'lastname' | 'companyName' | 'companyUrl' | 'jobTitle'>
>;

/** Drops undefined fields so that merging "fills empty fields only" sees just what was given. */
function compact(lead: VisitorLead): VisitorLead {
  return Object.fromEntries(Object.entries(lead).filter(([, v]) => v !== undefined)) as VisitorLead;
}

function splitFullName(full: string): { firstname: string; lastname?: string } {
  const [first = full, ...rest] = full.trim().split(/\s+/);
  return rest.length > 0 ? { firstname: first, lastname: rest.join(' ') } : { firstname: first };
}

/** The leads described by a validated visitor payload, one per visitor. */
export function visitorLeads(provider: 'trackerA', payload: TrackerAPayload): VisitorLead[];
export function visitorLeads(provider: 'trackerB', payload: TrackerBPayload): VisitorLead[];
export function visitorLeads(provider: 'trackerC', payload: TrackerCPayload): VisitorLead[];
export function visitorLeads(
  provider: VisitorProvider,
  payload: TrackerAPayload | TrackerBPayload | TrackerCPayload,
): VisitorLead[];
export function visitorLeads(
  provider: VisitorProvider,
  payload: TrackerAPayload | TrackerBPayload | TrackerCPayload,
): VisitorLead[] {
  switch (provider) {
    case 'trackerA':
      return (payload as TrackerAPayload).visitors.map((v) =>
        compact({
          proEmail: v.email,
          pronetUrl: v.pronet,
          firstname: v.firstName,
          lastname: v.lastName,
          companyName: v.company,
          companyUrl: v.companyWebsite,
          jobTitle: v.jobTitle,
        }),
      );
    case 'trackerB': {
      const p = payload as TrackerBPayload;
      return [
        compact({
          proEmail: p.person.email,
          pronetUrl: p.person.pronet_url,
          firstname: p.person.first_name,
          lastname: p.person.last_name,
          jobTitle: p.person.title,
          companyName: p.company?.name,
          companyUrl: p.company?.domain,
        }),
      ];
    }
    case 'trackerC':
      return (payload as TrackerCPayload).records.map((r) =>
        compact({
          ...splitFullName(r.full_name),
          proEmail: r.work_email,
          pronetUrl: r.pronet_profile,
          jobTitle: r.job_title,
          companyName: r.organization,
          companyUrl: r.organization_url,
        }),
      );
  }
}
