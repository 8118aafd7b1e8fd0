/**
 * The look-alike's sales tool (issue 13): lead pages under `/sales/lead/<token>,NAME_SEARCH,<x>`
 * and a lead list whose rows link to them. A lead page names its person by a sales token the
 * outreach service does not store; its header (`.lead-header`) shows the public profile link, except
 * for people out of the user's network (no link: the extension must say why). Elsewhere on the page
 * ("People also viewed") other profiles are linked, as on the real tool, so the extension must look
 * in the header only. Lead list rows link to the lead page, and to the public profile when there is one.
 */
import type { PronetProfile } from '../model';
import { PRONET_CANONICAL_ORIGIN } from '../../lib/pronet/canonical-url';
import { hashString } from '../seed/prng';
import { HEDY } from '../seed/sales-people';
import { html } from './html';
import { type Page, type SiteIndex, avatar, companyPath, fullName, sidebar } from './pronet-pages';

/** Who the lead list shows, in its order: named demo people, the identity cases, a member-token address. */
export const SALES_LIST_SLUGS = ['ada-lovelace', 'grace-hopper', 'alan-turing', 'margaret-hamilton', 'jean-sammet', 'joan-clarke', HEDY.slug] as const;
/** People out of the user's network: their lead page shows no public profile link. */
export const WITHOUT_PUBLIC_LINK: ReadonlySet<string> = new Set(['joan-clarke', 'margaret-hamilton']);

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A person's sales token: `ACwAA` and 12 base64url characters drawn from the slug (mixed case). */
export function salesToken(slug: string): string {
  let out = 'ACwAA';
  for (let i = 0; i < 12; i++) out += B64[hashString(`sales:${i}:${slug}`) % 64];
  return out;
}

export function leadPagePath(p: PronetProfile): string {
  return `/sales/lead/${salesToken(p.slug)},NAME_SEARCH,${(hashString(p.slug) % 46656).toString(36)}`;
}

const publicPath = (p: PronetProfile): string => `/in/${encodeURIComponent(p.slug)}/`;

function listed(index: SiteIndex): PronetProfile[] {
  return SALES_LIST_SLUGS.flatMap((slug) => index.bySlug.get(slug) ?? []);
}

/** The listed person of a sales token, and whether their lead page shows their public profile link. */
export function leadPerson(index: SiteIndex, token: string): { p: PronetProfile; withLink: boolean } | null {
  const p = listed(index).find((x) => salesToken(x.slug) === token);
  return p ? { p, withLink: !WITHOUT_PUBLIC_LINK.has(p.slug) } : null;
}

/** The lead page of a sales token, or null when no listed person has it. */
export function leadPage(index: SiteIndex, token: string): Page | null {
  const person = leadPerson(index, token);
  if (!person) return null;
  const { p, withLink } = person;
  return {
    status: 200,
    title: `${fullName(p)} | Sales lead | pronet`,
    canonical: `${PRONET_CANONICAL_ORIGIN}/sales/lead/${token}`,
    main: html`<div class="layout" data-page="sales-lead">
      <div>
        <p class="small"><a href="/sales/lists/people/">← Lead list</a></p>
        <section class="card lead-header">
          <div class="post-head">
            ${avatar(p, 'md')}
            <div>
              <h1 class="profile-name">${fullName(p)}</h1>
              <div class="headline">${p.headline}</div>
              <div class="meta"><a class="current-company" href="${companyPath(p.companyName)}">${p.companyName}</a> · <span class="location">${p.location}</span></div>
              ${withLink
                ? html`<div class="meta"><a class="public-profile" href="${publicPath(p)}">View public profile</a></div>`
                : html`<div class="meta muted">Out of your network: no public profile link.</div>`}
            </div>
          </div>
          <div class="actions">
            <button class="btn btn-primary" type="button">Save</button>
            <button class="btn" type="button">Message</button>
          </div>
        </section>
        <section class="card" id="about">
          <h2 class="card-title">About</h2>
          <p class="about">${p.about}</p>
        </section>
      </div>
      ${sidebar(index, p)}
    </div>`,
  };
}

/** The lead list: each row links to the lead page, and to the public profile when there is one. */
export function leadListPage(index: SiteIndex): Page {
  return {
    status: 200,
    title: 'Lead list | Sales | pronet',
    canonical: `${PRONET_CANONICAL_ORIGIN}/sales/lists/people/`,
    main: html`<div class="layout" data-page="sales-list">
      <div>
        <section class="card">
          <h1 class="card-title">Lead list</h1>
          <ul class="people" data-section="lead-list">
            ${listed(index).map(
              (p) => html`<li class="person result">
                ${avatar(p, 'sm')}
                <div class="person-text">
                  <a class="person-name" href="${leadPagePath(p)}">${fullName(p)}</a>
                  <div class="muted small">${p.headline}</div>
                  ${WITHOUT_PUBLIC_LINK.has(p.slug) ? null : html`<a class="small" href="${publicPath(p)}">Public profile</a>`}
                </div>
              </li>`,
            )}
          </ul>
        </section>
      </div>
      ${sidebar(index, null)}
    </div>`,
  };
}
