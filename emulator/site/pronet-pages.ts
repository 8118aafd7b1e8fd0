/**
 * The pages of the pronet look-alike: profile (with its detail and overlay subpages) and 404; the
 * list pages (feed, people search, company) are in `list-pages.ts`. Pure renderers: profiles in, escaped HTML out. A profile's
 * experience, education and skills are drawn from a PRNG seeded by its slug, so they are stable
 * without being stored for 100 000 bulk profiles.
 */
import type { PronetProfile } from '../model';
import { PRONET_CANONICAL_ORIGIN } from '../../lib/pronet/canonical-url';
import { createRng, hashString } from '../seed/prng';
import { FAMOUS_PEOPLE } from '../seed/famous';
import { companyPool, jobTitle, pickSchool, slugify } from '../seed/people';
import { type Html, html } from './html';

/** Lookup tables over one world's profiles, built once per profile list. */
export interface SiteIndex {
  profiles: readonly PronetProfile[];
  bySlug: Map<string, PronetProfile>;
  byCompany: Map<string, PronetProfile[]>;
  /**
   * The order of search results and feed authors: the demo's named people first, then the rest in a
   * stable shuffle, so that leads and non-leads mix on every page.
   */
  listed: readonly PronetProfile[];
}

export function buildIndex(profiles: readonly PronetProfile[]): SiteIndex {
  const bySlug = new Map<string, PronetProfile>();
  const byCompany = new Map<string, PronetProfile[]>();
  for (const p of profiles) {
    bySlug.set(p.slug, p);
    const key = slugify(p.companyName);
    let list = byCompany.get(key);
    if (!list) byCompany.set(key, (list = []));
    list.push(p);
  }
  const head = profiles.slice(0, 6);
  const rest = profiles.slice(6).map((p) => ({ p, k: hashString(`listed:${p.slug}`) })).sort((a, b) => a.k - b.k || (a.p.slug < b.p.slug ? -1 : 1));
  return { profiles, bySlug, byCompany, listed: [...head, ...rest.map((x) => x.p)] };
}

/** A rendered page: the part inside `#main` (what in-page navigation swaps) and its title. */
export interface Page {
  status: 200 | 404;
  title: string;
  /** The page's canonical address on the real network's host. */
  canonical: string;
  main: Html;
}

export const profilePath = (p: PronetProfile): string => `/in/${encodeURIComponent(p.slug)}/`;
export const companyPath = (name: string): string => `/company/${encodeURIComponent(slugify(name) || 'company')}/`;
export const fullName = (p: PronetProfile): string => `${p.firstname} ${p.lastname}`;

function initials(p: PronetProfile): string {
  return `${p.firstname.charAt(0)}${p.lastname.charAt(0)}`.toUpperCase();
}

export function avatar(p: PronetProfile, size: 'lg' | 'md' | 'sm' | 'xs'): Html {
  const hue = hashString(p.slug) % 360;
  // Only a https or data:image picture is shown; anything else falls back to initials.
  if (p.picture && /^(https:|data:image\/)/.test(p.picture)) {
    return html`<img class="avatar avatar-${size}" src="${p.picture}" alt="${fullName(p)}">`;
  }
  return html`<div class="avatar avatar-${size}" style="background:hsl(${hue} 32% 42%)" aria-hidden="true">${initials(p)}</div>`;
}

/** The job title part of a headline ("Head of X at Y | tagline" → "Head of X"). */
export function titleFromHeadline(headline: string): string {
  const first = headline.split(/\s[|·]\s/)[0] ?? headline;
  const at = first.lastIndexOf(' at ');
  return (at > 0 ? first.slice(0, at) : first).trim() || headline;
}

export interface ExperienceEntry {
  title: string;
  company: string;
  period: string;
  location: string;
  description: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const SKILLS = [
  'Negotiation', 'Public speaking', 'Team leadership', 'Data analysis', 'Strategic partnerships', 'CRM',
  'Product management', 'Mathematics', 'Research', 'Go-to-market strategy', 'Customer success', 'Python',
  'Forecasting', 'Contract management', 'Hiring', 'Systems design', 'Mentoring', 'Writing',
] as const;
const DUTIES = [
  'Built and led a team across three countries.',
  'Owned the relationship with the largest accounts.',
  'Launched the company’s first partner programme.',
  'Cut onboarding time in half with a new process.',
  'Designed the reporting used by the leadership team.',
  'Opened the German and Dutch markets.',
] as const;
const FORMER_COMPANIES = companyPool(createRng('site-former-companies'), 60);

export function experienceOf(p: PronetProfile): ExperienceEntry[] {
  const rng = createRng(`experience:${p.slug}`);
  let year = 2023 - rng.int(0, 6);
  const entries: ExperienceEntry[] = [
    {
      // A demo person's job title is the lead's: the page and the panel say the same.
      title: FAMOUS_PEOPLE.find((f) => f.slug === p.slug)?.jobTitle ?? titleFromHeadline(p.headline),
      company: p.companyName,
      period: `${rng.pick(MONTHS)} ${year} – Present`,
      location: p.location,
      description: rng.pick(DUTIES),
    },
  ];
  const previous = rng.int(1, 3);
  for (let i = 0; i < previous; i++) {
    const end = year;
    year = end - rng.int(1, 5);
    entries.push({
      title: jobTitle(rng),
      company: rng.pick(FORMER_COMPANIES).name,
      period: `${rng.pick(MONTHS)} ${year} – ${rng.pick(MONTHS)} ${end}`,
      location: p.location,
      description: rng.pick(DUTIES),
    });
  }
  return entries;
}

function educationOf(p: PronetProfile): { school: string; degree: string; period: string } {
  const rng = createRng(`education:${p.slug}`);
  const end = 2000 + rng.int(0, 18);
  return { school: pickSchool(rng), degree: rng.pick(['MSc', 'BSc', 'MBA', 'PhD', 'BA']), period: `${end - rng.int(2, 5)} – ${end}` };
}

function skillsOf(p: PronetProfile): string[] {
  return createRng(`skills:${p.slug}`).sample(SKILLS, 5);
}

function connectionsOf(p: PronetProfile): string {
  const n = hashString(`connections:${p.slug}`) % 900;
  return n > 500 ? '500+ connections' : `${n + 12} connections`;
}

/**
 * Profiles shown beside a profile: the first few of the world (the demo's named people come first,
 * so they always link to one another), then a stable pick from the rest.
 */
export function alsoViewed(index: SiteIndex, self: PronetProfile | null, count = 8): PronetProfile[] {
  const out: PronetProfile[] = [];
  const seen = new Set<string>(self ? [self.slug] : []);
  const add = (p: PronetProfile | undefined): void => {
    if (p && !seen.has(p.slug) && out.length < count) {
      seen.add(p.slug);
      out.push(p);
    }
  };
  const all = index.profiles;
  for (let i = 0; i < Math.min(6, all.length); i++) add(all[i]);
  if (all.length > 6) {
    const start = hashString(self?.slug ?? 'feed');
    for (let k = 0; k < count * 2 && out.length < count; k++) add(all[6 + ((start + k * 7919) % (all.length - 6))]);
  }
  return out;
}

export function personRow(p: PronetProfile): Html {
  return html`<li class="person">
    ${avatar(p, 'sm')}
    <div class="person-text">
      <a class="person-name" href="${profilePath(p)}">${fullName(p)}</a>
      <div class="muted small">${p.headline}</div>
    </div>
  </li>`;
}

export function sidebar(index: SiteIndex, self: PronetProfile | null): Html {
  return html`<aside class="col-side">
    <section class="card">
      <h2 class="card-title">People also viewed</h2>
      <ul class="people" data-section="people-also-viewed">${alsoViewed(index, self).map(personRow)}</ul>
    </section>
    <section class="card small muted footer-card">
      About · Accessibility · Help Center · Privacy &amp; Terms<br>pronet (demo look-alike) © 2025
    </section>
  </aside>`;
}

function topCard(p: PronetProfile): Html {
  return html`<section class="card top-card">
    <div class="cover" style="background:linear-gradient(120deg,hsl(${hashString(p.slug) % 360} 30% 78%),hsl(${(hashString(p.slug) + 60) % 360} 28% 62%))"></div>
    <div class="top-body">
      ${avatar(p, 'lg')}
      <h1 class="profile-name">${fullName(p)}</h1>
      <div class="headline">${p.headline}</div>
      <div class="meta">
        <span class="location">${p.location}</span> ·
        <a href="${profilePath(p)}overlay/contact-info/">Contact info</a>
      </div>
      <div class="meta">
        <a class="current-company" href="${companyPath(p.companyName)}">${p.companyName}</a> ·
        <span class="muted">${connectionsOf(p)}</span>
      </div>
      <div class="actions">
        <button class="btn btn-primary" type="button">Connect</button>
        <button class="btn" type="button">Message</button>
        <button class="btn btn-ghost" type="button">More</button>
      </div>
    </div>
  </section>`;
}

function experienceCard(index: SiteIndex, p: PronetProfile, detailed: boolean): Html {
  const entries = experienceOf(p);
  return html`<section class="card" id="experience">
    <div class="card-head">
      <h2 class="card-title">Experience</h2>
      ${detailed ? html`<a class="small" href="${profilePath(p)}">← Back to profile</a>` : html`<a class="small" href="${profilePath(p)}details/experience/">Show all</a>`}
    </div>
    <ul class="experience-list">
      ${entries.map(
        (e) => html`<li class="experience-item">
          <div class="logo" aria-hidden="true">${e.company.charAt(0)}</div>
          <div>
            <div class="exp-title">${e.title}</div>
            <div>${index.byCompany.has(slugify(e.company)) ? html`<a href="${companyPath(e.company)}">${e.company}</a>` : e.company}</div>
            <div class="muted small">${e.period} · ${e.location}</div>
            ${detailed ? html`<p class="small">${e.description}</p>` : null}
          </div>
        </li>`,
      )}
    </ul>
  </section>`;
}

export type ProfileView = 'main' | 'experience' | 'contact-info';

export function profilePage(index: SiteIndex, p: PronetProfile, view: ProfileView): Page {
  const edu = educationOf(p);
  const canonical = `${PRONET_CANONICAL_ORIGIN}${profilePath(p)}`;
  const body =
    view === 'experience'
      ? html`${topCard(p)}${experienceCard(index, p, true)}`
      : html`${topCard(p)}
          <section class="card" id="about">
            <h2 class="card-title">About</h2>
            <p class="about">${p.about}</p>
          </section>
          ${experienceCard(index, p, false)}
          <section class="card" id="education">
            <h2 class="card-title">Education</h2>
            <ul class="experience-list"><li class="experience-item">
              <div class="logo" aria-hidden="true">${edu.school.charAt(0)}</div>
              <div><div class="exp-title">${edu.school}</div><div class="muted small">${edu.degree} · ${edu.period}</div></div>
            </li></ul>
          </section>
          <section class="card" id="skills">
            <h2 class="card-title">Skills</h2>
            <ul class="skills">${skillsOf(p).map((s) => html`<li>${s}</li>`)}</ul>
          </section>`;
  const overlay =
    view === 'contact-info'
      ? html`<div class="overlay" role="dialog" aria-modal="true" aria-labelledby="contact-title">
          <div class="card modal">
            <div class="card-head"><h2 class="card-title" id="contact-title">${fullName(p)}</h2>
              <a class="close" href="${profilePath(p)}" aria-label="Close">✕</a></div>
            <h3 class="small">Contact info</h3>
            <dl class="contact">
              <dt>Profile</dt><dd><a href="${profilePath(p)}">${canonical.replace(/^https:\/\//, '')}</a></dd>
              <dt>Company</dt><dd><a href="${companyPath(p.companyName)}">${p.companyName}</a></dd>
              <dt>Location</dt><dd>${p.location}</dd>
            </dl>
          </div>
        </div>`
      : null;
  return {
    status: 200,
    title: `${fullName(p)} | pronet`,
    canonical,
    main: html`<div class="layout" data-page="profile" data-profile-slug="${p.slug}">
      <main class="col-main">${body}</main>
      ${sidebar(index, p)}
    </div>${overlay}`,
  };
}

export function notFoundPage(): Page {
  return {
    status: 404,
    title: 'Page not found | pronet',
    canonical: `${PRONET_CANONICAL_ORIGIN}/404/`,
    main: html`<div class="layout" data-page="not-found">
      <main class="col-main">
        <section class="card empty">
          <h1>This page doesn’t exist</h1>
          <p class="muted">Please check your URL or return to the feed.</p>
          <a class="btn btn-primary" href="/feed/">Go to your feed</a>
        </section>
      </main>
    </div>`,
  };
}
