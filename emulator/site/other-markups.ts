/**
 * The look-alike's pages in markups other than its own (issue 24), so that the extension meets, in
 * the browser, pages it was not written against: `?markup=cards` on a profile renders it as the
 * real network's card layout of about 2021-2024 is publicly described (the name in an h1 inside
 * the top card's section, pronouns and the connection degree between it and the headline, the
 * current company as a button and not a link, the experience entries' texts doubled, once hidden
 * from assistive technology and once visually hidden); `?markup=menu` on a lead page puts the
 * public profile link in the top card's overflow menu and lists the person's colleagues, each with
 * a "View profile" link of their own, in the main content. None of the look-alike's class names.
 */
import type { PronetProfile } from '../model';
import { PRONET_CANONICAL_ORIGIN } from '../../lib/pronet/canonical-url';
import { slugify } from '../seed/people';
import { hashString } from '../seed/prng';
import { type Html, html, raw } from './html';
import { type SiteIndex, alsoViewed, experienceOf, fullName, profilePath } from './pronet-pages';

export type ProfileMarkup = 'cards';
export type LeadMarkup = 'menu';

export const profileMarkup = (value: string | undefined): ProfileMarkup | null => (value === 'cards' ? 'cards' : null);
export const leadMarkup = (value: string | undefined): LeadMarkup | null => (value === 'menu' ? 'menu' : null);

const STYLE = raw(`
body{margin:0;background:#f4f2ee;color:#191919;font:14px/1.4 system-ui,sans-serif}
.gn{background:#fff;border-bottom:1px solid #ddd;padding:10px 24px;display:flex;gap:16px}
.sl{max-width:1100px;margin:20px auto;display:grid;grid-template-columns:minmax(0,1fr) 300px;gap:20px;padding:0 16px}
.ac{background:#fff;border-radius:8px;box-shadow:0 0 0 1px #e0dfdc;padding:16px 24px;margin-bottom:8px}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.thx{font-size:24px;font-weight:600;margin:0}.tbm{font-size:16px}.tbs{color:#666;font-size:13px}
.pl{list-style:none;margin:0;padding:0}.pl>li{padding:10px 0;border-top:1px solid #eee}.pl>li:first-child{border:0}
.b{font-weight:600}.dd{position:relative;display:inline-block}.dd ul{list-style:none;padding:6px 0;margin:0;background:#fff;box-shadow:0 2px 8px #0003;position:absolute}
.dd a{display:block;padding:6px 16px;white-space:nowrap}
@media (prefers-color-scheme:dark){body{background:#1d2226;color:#e9e9e9}.gn,.ac,.dd ul{background:#283036;border-color:#3a4249}.tbs{color:#aab}}
`);

/** A text as the card layout writes it: once for the eye (hidden from assistive technology), once for screen readers. */
const twice = (text: string): Html => html`<span aria-hidden="true">${text}</span><span class="vh">${text}</span>`;

function documentOf(title: string, canonical: string, body: Html): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><link rel="canonical" href="${canonical}"><style>${STYLE}</style></head>
<body><div class="gn" role="navigation" aria-label="Global navigation"><a href="/feed/">Home</a><a href="/search/results/people/">My Network</a></div>
${body}</body></html>`.value;
}

function othersAside(index: SiteIndex, p: PronetProfile): Html {
  return html`<aside class="ac" aria-label="More profiles"><h2>${twice('People also viewed')}</h2>
    <ul class="pl">${alsoViewed(index, p, 5).map(
      (o) => html`<li><a href="${profilePath(o)}">${twice(fullName(o))}</a><div class="tbs">${o.headline}</div>
        <a href="${profilePath(o)}" aria-label="View ${fullName(o)}’s profile">View profile</a></li>`,
    )}</ul></aside>`;
}

/** A profile in the card layout: its company only in the headline and the experience list. */
export function cardsProfileDocument(index: SiteIndex, p: PronetProfile): string {
  const degree = ['1st', '2nd', '3rd'][hashString(`degree:${p.slug}`) % 3]!;
  const body = html`<div class="sl">
  <main aria-label="Main content">
    <section class="ac">
      <div><a href="${profilePath(p)}overlay/about-this-profile/" aria-label="${fullName(p)}"><h1 class="thx">${fullName(p)}</h1></a>
        <span class="tbs"><span aria-hidden="true">· ${degree}</span><span class="vh">${degree} degree connection</span></span></div>
      <div class="tbm">${p.headline}</div>
      <div class="tbs">${p.location}</div>
      <ul class="pl"><li><button type="button" aria-label="Current company: ${p.companyName}. Click to skip to experience card">${p.companyName}</button></li></ul>
    </section>
    <section class="ac"><div id="about"></div><h2>${twice('About')}</h2><div>${twice(p.about)}</div></section>
    <section class="ac"><div id="experience"></div><h2>${twice('Experience')}</h2>
      <ul class="pl">${experienceOf(p).map(
        (e) => html`<li><div class="b">${twice(e.title)}</div><span>${twice(`${e.company} · Full-time`)}</span>
          <span class="tbs">${twice(e.period)}</span> <span class="tbs">${twice(e.location)}</span></li>`,
      )}</ul></section>
  </main>
  ${othersAside(index, p)}
</div>`;
  return documentOf(`${fullName(p)} | pronet`, `${PRONET_CANONICAL_ORIGIN}${profilePath(p)}`, body);
}

/** A lead page whose public profile link is in the top card's overflow menu, with colleagues in the main content. */
export function menuLeadDocument(index: SiteIndex, p: PronetProfile, token: string, withLink: boolean): string {
  const colleagues = (index.byCompany.get(slugify(p.companyName)) ?? []).filter((o) => o !== p).slice(0, 2);
  const others = colleagues.length >= 2 ? colleagues : alsoViewed(index, p, 2);
  const body = html`<div class="sl">
  <main>
    <section class="ac">
      <h1 class="thx">${fullName(p)}</h1>
      <div class="tbm">${p.headline}</div>
      <div class="tbs">${p.location}</div>
      <div class="dd"><button type="button" aria-haspopup="menu" aria-expanded="false" onclick="this.nextElementSibling.hidden=!this.nextElementSibling.hidden">More actions</button>
        <div hidden><ul role="menu">
          ${withLink ? html`<li role="none"><a role="menuitem" href="${profilePath(p)}">View profile on pronet</a></li>` : null}
          <li role="none"><a role="menuitem" href="/sales/lists/people/">Back to the lead list</a></li>
        </ul></div></div>
    </section>
    <section class="ac"><h2>Colleagues at ${p.companyName}</h2>
      <ul class="pl">${others.map((o) => html`<li>${fullName(o)} · <a href="${profilePath(o)}">View profile</a></li>`)}</ul></section>
  </main>
  <aside class="ac"><a href="/sales/lists/people/">Lead list</a></aside>
</div>`;
  return documentOf(`${fullName(p)} | Sales lead | pronet`, `${PRONET_CANONICAL_ORIGIN}/sales/lead/${token}`, body);
}
