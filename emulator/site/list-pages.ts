/**
 * The look-alike's list pages: the feed (posts and comments that load more on scroll), the people
 * search (10 a page, every address form the real network uses) and a company's people page. Pure
 * renderers, as the profile pages beside them (`pronet-pages.ts`).
 */
import type { PronetProfile } from '../model';
import { PRONET_CANONICAL_ORIGIN } from '../../lib/pronet/canonical-url';
import { hashString } from '../seed/prng';
import { type Html, html } from './html';
import { type Page, type SiteIndex, alsoViewed, avatar, fullName, personRow, profilePath, sidebar } from './pronet-pages';

const POSTS = [
  'Excited to share that our team just shipped something we have worked on for a year. Thank you to everyone involved!',
  'Three lessons from 100 discovery calls this quarter: listen more, pitch less, follow up faster.',
  'We are hiring! If you love hard problems and kind colleagues, my inbox is open.',
  'Spoke at a meetup yesterday about measuring what matters. Slides in the comments.',
  'A reminder that "no" today is often "not yet". Keep the relationship warm.',
  'Proud of this team. Onwards.',
] as const;

const COMMENTS = [
  'Congratulations, well deserved!',
  'Great insight, thanks for sharing.',
  'Could not agree more.',
  'Looking forward to the slides.',
  'Let us catch up next week.',
] as const;

/** Posts a feed page (and each "more" load) shows. */
export const FEED_PAGE_SIZE = 10;
/** Pages of posts the feed loads on scroll at most (2,000 rows with their comments). */
export const FEED_PAGES = 60;

/** A post's comments: zero to three, by other people of the site. */
function comments(index: SiteIndex, n: number, origin: string): Html {
  const count = hashString(`comments:${n}`) % 4;
  const people = index.listed;
  const out: Html[] = [];
  for (let k = 0; k < count; k++) {
    const p = people[(n * 13 + k * 29 + 3) % people.length];
    if (!p) break;
    out.push(html`<li class="comment">${avatar(p, 'xs')}<div class="comment-body">
      <a class="person-name" href="${profileHref(p, n + k, origin)}">${fullName(p)}</a>
      <div class="muted small">${p.headline}</div>
      <p>${COMMENTS[(n + k) % COMMENTS.length]}</p>
    </div></li>`);
  }
  return out.length === 0 ? html`` : html`<ul class="comments">${out}</ul>`;
}

/** Page `page` (from 0) of the feed's posts, by the site's people in list order. */
export function feedPosts(index: SiteIndex, page: number, origin: string): Html {
  const people = index.listed;
  const posts: Html[] = [];
  for (let i = 0; i < FEED_PAGE_SIZE && people.length > 0; i++) {
    const n = page * FEED_PAGE_SIZE + i;
    const p = people[n % people.length]!;
    posts.push(html`<article class="card post">
      <header class="post-head"><a href="${profilePath(p)}" tabindex="-1" aria-hidden="true">${avatar(p, 'sm')}</a><div>
        <a class="person-name" href="${profileHref(p, n, origin)}">${fullName(p)}</a>
        <div class="muted small">${p.headline}</div><div class="muted small">${(n % 5) + 1}d</div>
      </div></header>
      <p>${POSTS[n % POSTS.length]}</p>
      <footer class="post-actions"><button type="button">Like</button><button type="button">Comment</button><button type="button">Repost</button><button type="button">Send</button></footer>
      ${comments(index, n, origin)}
    </article>`);
  }
  return html`${posts}`;
}

export function feedPage(index: SiteIndex, origin = 'http://pronet.localhost'): Page {
  const authors = alsoViewed(index, null, 10);
  const browse = index.profiles.slice(0, 60);
  return {
    status: 200,
    title: 'Feed | pronet',
    canonical: `${PRONET_CANONICAL_ORIGIN}/feed/`,
    main: html`<div class="layout layout-feed" data-page="feed">
      <aside class="col-left">
        <section class="card me-card">
          <div class="cover"></div>
          <div class="avatar avatar-md me-avatar" aria-hidden="true">SR</div>
          <div class="me-name">Sam Rivera</div>
          <div class="muted small">Account Executive at Lumen Growth</div>
          <hr><div class="small muted">Profile viewers <b>42</b></div>
        </section>
      </aside>
      <main class="col-main">
        <section class="card composer"><div class="avatar avatar-sm" aria-hidden="true">SR</div><button class="composer-input" type="button">Start a post</button></section>
        <div class="feed-posts">${feedPosts(index, 0, origin)}</div>
        <div class="feed-more muted small" data-more="/feed/more/?page=1" data-into=".feed-posts">Loading more posts…</div>
      </main>
      <aside class="col-side">
        <section class="card">
          <h2 class="card-title">People you may know</h2>
          <ul class="people" data-section="people-you-may-know">${authors.slice(0, 6).map(personRow)}</ul>
        </section>
        <section class="card">
          <h2 class="card-title">Browse people</h2>
          <ul class="link-list" data-section="browse-people">${browse.map((p) => html`<li><a href="${profilePath(p)}">${fullName(p)}</a></li>`)}</ul>
          ${index.profiles.length > browse.length ? html`<p class="small muted">and ${index.profiles.length - browse.length} more · <a href="/search/results/people/">search</a></p>` : null}
        </section>
      </aside>
    </div>`,
  };
}

/** Results a search page shows. */
export const SEARCH_PAGE_SIZE = 10;

/**
 * The address forms the real network's pages use for a profile, by row: relative, absolute, on the
 * mobile host, with a tracking query, upper case, without the trailing slash. `origin`: the site's
 * own (`http://pronet.localhost:<port>`).
 */
export function profileHref(p: PronetProfile, form: number, origin: string): string {
  const path = profilePath(p);
  const mobile = origin.replace('://pronet.', '://m.pronet.');
  switch (form % 6) {
    case 1:
      return `${origin}${path}`;
    case 2:
      return `${mobile}${path.slice(0, -1)}`;
    case 3:
      return `${path}?trk=people-search-result&lipi=urn%3Ali%3Apage%3As`;
    case 4:
      return path.toUpperCase();
    case 5:
      return path.slice(0, -1);
    default:
      return path;
  }
}

/** A search result: the picture and the name both link to the person (two links, one row). */
function resultRow(p: PronetProfile, form: number, origin: string): Html {
  return html`<li class="person result">
    <a class="result-picture" href="${profilePath(p)}" tabindex="-1" aria-hidden="true">${avatar(p, 'sm')}</a>
    <div class="person-text">
      <a class="person-name" href="${profileHref(p, form, origin)}">${fullName(p)}</a>
      <div class="muted small">${p.headline}</div>
      <div class="muted small">${p.location}</div>
    </div>
    <button class="btn btn-small" type="button">Connect</button>
  </li>`;
}

/** The people a search for `keywords` lists, all pages, in page order (the pages and the service's import agree). */
export function searchResults(index: SiteIndex, keywords: string): readonly PronetProfile[] {
  const q = keywords.trim().toLowerCase();
  return q === '' ? index.listed : index.listed.filter((p) => `${fullName(p)} ${p.headline} ${p.companyName}`.toLowerCase().includes(q));
}

/**
 * The people an import of `url` brings: a people search's results (its `keywords`), or a post's
 * reactions or comments. The look-alike has no post pages: a post's people are a stable slice of the
 * listed people, chosen by the address (comments fewer than reactions).
 */
export function importedPeople(index: SiteIndex, url: URL, postCategory: string | undefined): readonly PronetProfile[] {
  if (!/\/(posts|feed)\//.test(url.pathname)) return searchResults(index, url.searchParams.get('keywords') ?? '');
  const people = index.listed;
  const h = hashString(`post:${url.pathname}`);
  const comments = 3 + (h % 10);
  const count = postCategory === 'COMMENTS' ? comments : postCategory === 'REACTIONS' ? 10 + (h % 21) : comments + 10 + (h % 21);
  const out: PronetProfile[] = [];
  for (let k = 0; k < Math.min(count, people.length); k++) out.push(people[(h + k) % people.length]!);
  return out;
}

export function searchPage(index: SiteIndex, keywords: string, page = 1, origin = 'http://pronet.localhost'): Page {
  const q = keywords.trim().toLowerCase();
  const matching = searchResults(index, keywords);
  const pages = Math.max(1, Math.ceil(matching.length / SEARCH_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const results = matching.slice((current - 1) * SEARCH_PAGE_SIZE, current * SEARCH_PAGE_SIZE);
  const pageHref = (n: number) => `/search/results/people/?${q ? `keywords=${encodeURIComponent(keywords.trim())}&` : ''}page=${n}`;
  return {
    status: 200,
    title: `${q ? `“${keywords.trim()}” | ` : ''}Search${current > 1 ? ` (page ${current})` : ''} | pronet`,
    canonical: `${PRONET_CANONICAL_ORIGIN}${pageHref(current)}`,
    main: html`<div class="layout" data-page="search">
      <main class="col-main">
        <section class="card">
          <h2 class="card-title">People${q ? html` matching “${keywords.trim()}”` : null}</h2>
          <p class="muted small">About ${matching.length} results · page ${current} of ${pages}</p>
          ${results.length === 0 ? html`<p class="muted">No results. Try other keywords.</p>` : null}
          <ul class="people results">${results.map((p, i) => resultRow(p, i, origin))}</ul>
          <nav class="pager" aria-label="Pages of results">
            ${current > 1 ? html`<a class="btn" href="${pageHref(current - 1)}" rel="prev">Previous</a>` : html`<span></span>`}
            <span class="muted small">Page ${current} of ${pages}</span>
            ${current < pages ? html`<a class="btn" href="${pageHref(current + 1)}" rel="next">Next</a>` : html`<span></span>`}
          </nav>
        </section>
      </main>
      ${sidebar(index, null)}
    </div>`,
  };
}

export function companyPage(index: SiteIndex, companySlug: string): Page | null {
  const staff = index.byCompany.get(companySlug);
  const first = staff?.[0];
  if (!staff || !first) return null;
  const name = first.companyName;
  return {
    status: 200,
    title: `${name} | pronet`,
    canonical: `${PRONET_CANONICAL_ORIGIN}/company/${encodeURIComponent(companySlug)}/`,
    main: html`<div class="layout" data-page="company">
      <main class="col-main">
        <section class="card top-card">
          <div class="cover"></div>
          <div class="top-body">
            <div class="logo logo-lg" aria-hidden="true">${name.charAt(0)}</div>
            <h1 class="company-name">${name}</h1>
            <div class="muted">${staff.length} ${staff.length === 1 ? 'employee' : 'employees'} on pronet</div>
            <div class="actions"><button class="btn btn-primary" type="button">Follow</button></div>
          </div>
        </section>
        <section class="card">
          <h2 class="card-title">People</h2>
          <ul class="people">${staff.slice(0, 12).map(personRow)}</ul>
        </section>
      </main>
      ${sidebar(index, null)}
    </div>`,
  };
}
