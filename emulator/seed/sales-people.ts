/**
 * Sales-Navigator-style pages (issue 13): a person the network addresses by a member token,
 * `/in/ACoAA.../`, whose case is significant. Her lead stores that address (case kept), so a lead
 * page linking to it resolves only if nothing lower-cases the token on the way.
 *
 * Ids come from a factory of their own, so the rest of the demo keeps its ids.
 */
import type { LeadRecord, PronetProfile, WorkspaceData } from '../model';
import { createIdFactory } from './ids';
import { type BuildContext, DAY_MS, pronetUrlOf } from './workspace';

export const HEDY: PronetProfile = {
  slug: 'ACoAABq7XkZmP2wQ',
  firstname: 'Hedy',
  lastname: 'Lamarr',
  headline: 'Inventor at Frequency Hopping Labs',
  companyName: 'Frequency Hopping Labs',
  location: 'Los Angeles, California, United States',
  about: 'Between two films I design radio guidance that a jammer cannot follow.',
  picture: null,
};

export const SALES_NAMES = { audience: 'Sales list' } as const;

/** Adds Hedy (a lead at her member-token address) to the demo's Pro workspace; returns her site profile. */
export function addSalesPeople(base: BuildContext, ws: WorkspaceData): PronetProfile[] {
  const ids = createIdFactory(0x5a1e5);
  const now = base.now;
  const audience = { id: ids.next('aud'), name: SALES_NAMES.audience, description: 'Saved from a lead list', type: 'MANUAL', sourceUrl: null, createdAt: now - 10 * DAY_MS };
  ws.audiences.push(audience);
  const hedy: LeadRecord = {
    id: ids.next('lead'),
    firstname: HEDY.firstname,
    lastname: HEDY.lastname,
    proEmail: null,
    persoEmail: null,
    pronetUrl: pronetUrlOf(HEDY.slug),
    microblog: null,
    companyName: HEDY.companyName,
    companyUrl: null,
    jobTitle: 'Inventor',
    phone: null,
    location: HEDY.location,
    industry: 'Telecommunications',
    gender: 'female',
    shortBio: HEDY.headline,
    dateOfBirth: null,
    picture: null,
    crmIds: {},
    audienceIds: [audience.id],
    statusByCampaign: {},
    unsubscribed: false,
    createdAt: now - 9 * DAY_MS,
    modifiedAt: now - 9 * DAY_MS,
  };
  ws.leads.push(hedy);
  base.slugs.add(HEDY.slug);
  return [HEDY];
}
