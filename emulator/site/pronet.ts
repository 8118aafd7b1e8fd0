/**
 * The pronet look-alike site (served for `Host: pronet.localhost[:port]`): feed, profiles with
 * in-page navigation (History API, like the real network's single-page app), company, people
 * search and 404 pages. Self-contained: inline CSS and script, no external resource.
 *
 * In-page navigation: a click on an internal link pushes the new URL at once, then fetches
 * `<url>?partial=1` (JSON: title, canonical, main) and swaps `#main`; back/forward do the same
 * without pushing. The URL therefore changes before the content does, as on the real site.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { PronetProfile } from '../model';
import { profileSlug, salesLeadToken } from '../../lib/pronet/canonical-url';
import { leadListPage, leadPage, leadPerson } from './sales-pages';
import { cardsProfileDocument, leadMarkup, menuLeadDocument, profileMarkup } from './other-markups';
import { html, raw } from './html';
import { companyPage, FEED_PAGES, feedPage, feedPosts, searchPage } from './list-pages';
import { type Page, type ProfileView, type SiteIndex, buildIndex, notFoundPage, profilePage } from './pronet-pages';

export interface PronetSiteDeps {
  /** Called per request: a reset of the emulator swaps the world. */
  profiles: () => readonly PronetProfile[];
}

const STYLE = raw(`
*{box-sizing:border-box}
body{margin:0;background:#f3f2ef;color:#1f1f1f;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
a{color:#1d5fa8;text-decoration:none}a:hover{text-decoration:underline}
.topnav{position:sticky;top:0;z-index:5;background:#fff;border-bottom:1px solid #e3e1dc}
.topnav-inner{max-width:1128px;margin:0 auto;display:flex;align-items:center;gap:16px;height:52px;padding:0 16px}
.brand{display:flex;align-items:center;gap:6px;font-weight:700;color:#1d5fa8;font-size:18px}
.brand-mark{display:inline-grid;place-items:center;width:32px;height:32px;border-radius:6px;background:#1d5fa8;color:#fff;font-size:15px}
.search{flex:0 1 280px}.search input{width:100%;border:0;border-radius:4px;background:#edf0f3;padding:8px 12px;font:inherit}
.nav{margin-left:auto;display:flex;gap:4px}
.nav a,.nav span{display:flex;flex-direction:column;align-items:center;min-width:72px;color:#666;font-size:12px;padding:4px 6px;border-bottom:2px solid transparent}
.nav a.active{color:#1f1f1f;border-bottom-color:#1f1f1f}.nav .ico{display:block;margin-bottom:1px}
.layout{max-width:1128px;margin:24px auto;padding:0 16px;display:grid;grid-template-columns:minmax(0,1fr) 300px;gap:24px}
.layout-feed{grid-template-columns:225px minmax(0,1fr) 300px}
.card{background:#fff;border:1px solid #e3e1dc;border-radius:10px;padding:16px 20px;margin-bottom:12px}
.card-title{font-size:18px;margin:0 0 12px;font-weight:600}.card-head{display:flex;justify-content:space-between;align-items:baseline}
.top-card{padding:0;overflow:hidden}.cover{height:140px;background:linear-gradient(120deg,#c9d6df,#a7b8c7)}
.top-body{padding:0 24px 20px;position:relative}
.avatar{display:inline-grid;place-items:center;border-radius:50%;color:#fff;font-weight:600;background:#6b7a8f;flex:none;object-fit:cover}
.avatar-lg{width:152px;height:152px;font-size:48px;margin-top:-96px;border:4px solid #fff}
.avatar-md{width:64px;height:64px;font-size:22px}.avatar-sm{width:48px;height:48px;font-size:16px}.avatar-xs{width:32px;height:32px;font-size:12px}
.profile-name,.company-name{font-size:24px;margin:8px 0 2px;font-weight:600}
.headline{font-size:16px;margin-bottom:6px}.meta{color:#666;margin:2px 0}
.actions{display:flex;gap:8px;margin-top:12px}
.btn{display:inline-block;border:1px solid #1d5fa8;color:#1d5fa8;background:#fff;border-radius:999px;padding:6px 16px;font:600 14px system-ui,sans-serif;cursor:pointer}
.btn-primary{background:#1d5fa8;color:#fff}.btn-ghost{border-color:#888;color:#555}
.muted{color:#666}.small{font-size:12px}
.about{white-space:pre-line;margin:0}
.experience-list,.people,.skills,.link-list{list-style:none;margin:0;padding:0}
.experience-item{display:flex;gap:12px;padding:10px 0;border-top:1px solid #eeece8}.experience-item:first-child{border-top:0}
.exp-title{font-weight:600}
.logo{display:grid;place-items:center;width:48px;height:48px;border-radius:6px;background:#e9e5df;color:#5b5b5b;font-weight:700;flex:none}
.logo-lg{width:96px;height:96px;font-size:36px;margin-top:-48px;border:4px solid #fff}
.skills{display:flex;flex-wrap:wrap;gap:8px}.skills li{border:1px solid #d6d3ce;border-radius:999px;padding:4px 12px}
.person{display:flex;gap:10px;padding:8px 0;border-top:1px solid #eeece8}.person:first-child{border-top:0}
.person-name{font-weight:600;color:#1f1f1f}
.link-list{font-size:13px}.link-list li{padding:2px 0;break-inside:avoid}
.me-card{padding:0;overflow:hidden;text-align:center}.me-card .cover{height:56px}.me-avatar{margin-top:-32px;border:3px solid #fff}
.me-name{font-weight:600;margin-top:6px}.me-card hr{border:0;border-top:1px solid #eeece8;margin:12px 0 8px}.me-card .small{padding:0 12px 12px}
.composer{display:flex;gap:10px;align-items:center}.composer-input{flex:1;text-align:left;border:1px solid #bbb;border-radius:999px;padding:12px 16px;background:#fff;color:#666;font:inherit;cursor:pointer}
.post-head{display:flex;gap:10px}.post p{margin:10px 0}.post-actions{display:flex;justify-content:space-around;border-top:1px solid #eeece8;padding-top:6px}
.post-actions button{background:none;border:0;color:#555;font:600 13px system-ui,sans-serif;padding:8px;cursor:pointer;border-radius:4px}.post-actions button:hover{background:#f0f0f0}
.overlay{position:fixed;inset:0;background:rgba(0,0,0,.55);display:grid;place-items:start center;padding-top:80px;z-index:10}
.modal{width:min(520px,92vw)}.close{font-size:18px;color:#555}
.contact{display:grid;grid-template-columns:100px 1fr;gap:6px 12px}.contact dt{color:#666}.contact dd{margin:0}
.empty{text-align:center;padding:48px}
.footer-card{text-align:center;background:transparent;border:0}
body.loading #main{opacity:.55;transition:opacity .1s}
.result{align-items:center;padding:12px 0}.result .person-text{flex:1;min-width:0}.result-picture{display:flex}
.btn-small{padding:4px 14px;font-size:13px}
.pager{display:flex;justify-content:space-between;align-items:center;border-top:1px solid #eeece8;margin-top:8px;padding-top:12px}
.comments{list-style:none;margin:8px 0 0;padding:8px 0 0;border-top:1px solid #eeece8}
.comment{display:flex;gap:8px;padding:6px 0}.comment-body{flex:1;background:#f2f2f0;border-radius:0 8px 8px 8px;padding:6px 10px}.comment-body p{margin:4px 0 0}
.feed-more{text-align:center;padding:16px}
@media (prefers-color-scheme:dark){
body{background:#1b1f23;color:#e6e6e6}a{color:#71b7fb}
.topnav,.card{background:#24292e;border-color:#30363d}.footer-card{background:transparent}
.search input{background:#30363d;color:#e6e6e6}.nav a,.nav span,.muted,.meta{color:#a0a6ad}.nav a.active{color:#e6e6e6;border-bottom-color:#e6e6e6}
.person-name,.card-title{color:#e6e6e6}.person,.experience-item,.post-actions,.comments,.pager,.me-card hr{border-color:#30363d}
.comment-body{background:#2d3339}.btn{background:#24292e;color:#71b7fb;border-color:#71b7fb}.btn-primary{background:#71b7fb;color:#1b1f23}
.composer-input{background:#24292e;border-color:#444c56;color:#a0a6ad}.post-actions button{color:#a0a6ad}.post-actions button:hover{background:#30363d}
.skills li{border-color:#444c56}.logo{background:#30363d;color:#c9d1d9}
}
@media (max-width:900px){.layout,.layout-feed{grid-template-columns:1fr}.col-left{display:none}}
`);

const icon = (body: string) =>
  raw(`<svg class="ico" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="currentColor">${body}</svg>`);
const ICONS = {
  home: icon('<path d="M12 3 2 11h3v9h5v-6h4v6h5v-9h3z"/>'),
  network: icon('<circle cx="8" cy="8" r="3.5"/><circle cx="17" cy="9" r="3"/><path d="M1.5 20c0-4 3-6.5 6.5-6.5s6.5 2.5 6.5 6.5zM15 20c0-2.5-.8-4.4-2-5.6 1.2-.6 2.5-.9 4-.9 3 0 5.5 2 5.5 6.5z"/>'),
  jobs: icon('<path d="M9 4h6a2 2 0 0 1 2 2v1h4a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1h4V6a2 2 0 0 1 2-2zm0 3h6V6H9z"/>'),
  messaging: icon('<path d="M4 3h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z"/>'),
  bell: icon('<path d="M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5-6.7V3.5a2 2 0 0 0-4 0v.8A7 7 0 0 0 5 11v5l-2 2v1h18v-1z"/>'),
  me: icon('<circle cx="12" cy="8" r="4.5"/><path d="M3 21c0-4.5 4-7 9-7s9 2.5 9 7z"/>'),
};

// Static code: it never interpolates data, and rendered fragments come from the server's escaping.
const NAV_SCRIPT = raw(`
(function(){
  var main=document.getElementById('main');
  var canonical=document.querySelector('link[rel=canonical]');
  var seq=0;
  function internal(a){
    if(!a||a.target||a.hasAttribute('download'))return false;
    var u=new URL(a.href,location.href);
    return u.origin===location.origin&&/^\\/(in|feed|company|search)(\\/|$)/.test(u.pathname);
  }
  function markNav(path){
    document.querySelectorAll('.nav a').forEach(function(a){a.classList.toggle('active',a.getAttribute('href')===path)});
  }
  function load(url,push){
    var my=++seq;
    if(push)history.pushState({spa:true},'',url);
    document.body.classList.add('loading');
    var u=new URL(url,location.href);u.searchParams.set('partial','1');
    fetch(u.pathname+u.search,{headers:{accept:'application/json'}}).then(function(r){return r.json()}).then(function(p){
      if(my!==seq)return;
      main.innerHTML=p.main;document.title=p.title;if(canonical)canonical.href=p.canonical;
      markNav(location.pathname);window.scrollTo(0,0);document.body.classList.remove('loading');
    }).catch(function(){if(my===seq)location.reload()});
  }
  document.addEventListener('click',function(e){
    if(e.defaultPrevented||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;
    var a=e.target.closest&&e.target.closest('a');
    if(!internal(a))return;
    e.preventDefault();
    var u=new URL(a.href,location.href);
    if(u.pathname+u.search===location.pathname+location.search)return;
    load(u.pathname+u.search,true);
  });
  document.addEventListener('submit',function(e){
    var f=e.target;if(!f.classList||!f.classList.contains('search'))return;
    e.preventDefault();
    load('/search/results/people/?keywords='+encodeURIComponent(f.elements.keywords.value),true);
  });
  window.addEventListener('popstate',function(){load(location.pathname+location.search,false)});
  // The feed loads more posts as its end comes near, like the real one.
  var more=null;
  function watchMore(){
    if(more)more.disconnect();
    var s=document.querySelector('[data-more]');
    if(!s||!window.IntersectionObserver)return;
    more=new IntersectionObserver(function(es){
      if(!es.some(function(e){return e.isIntersecting}))return;
      more.disconnect();
      fetch(s.getAttribute('data-more'),{headers:{accept:'application/json'}}).then(function(r){return r.json()}).then(function(p){
        var list=document.querySelector(s.getAttribute('data-into'));
        if(list)list.insertAdjacentHTML('beforeend',p.html);
        if(p.next){s.setAttribute('data-more',p.next);watchMore()}else s.remove();
      });
    },{rootMargin:'300px'});
    more.observe(s);
  }
  new MutationObserver(function(){if(document.querySelector('[data-more]'))watchMore()}).observe(main,{childList:true});
  watchMore();
})();
`);

function pageDocument(page: Page, path: string): string {
  const active = (href: string): string => (path === href ? 'active' : '');
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title}</title>
<link rel="canonical" href="${page.canonical}">
<style>${STYLE}</style>
</head>
<body>
<header class="topnav"><div class="topnav-inner">
  <a class="brand" href="/feed/" aria-label="pronet home"><span class="brand-mark">pn</span>pronet</a>
  <form class="search" action="/search/results/people/" method="get" role="search">
    <input name="keywords" type="search" placeholder="Search" aria-label="Search people">
  </form>
  <nav class="nav" aria-label="Primary">
    <a href="/feed/" class="${active('/feed/')}">${ICONS.home}Home</a>
    <a href="/search/results/people/" class="${active('/search/results/people/')}">${ICONS.network}My Network</a>
    <span>${ICONS.jobs}Jobs</span>
    <span>${ICONS.messaging}Messaging</span>
    <span>${ICONS.bell}Notifications</span>
    <span>${ICONS.me}Me</span>
  </nav>
</div></header>
<div id="main">${page.main}</div>
<script>${NAV_SCRIPT}</script>
</body>
</html>`.value;
}

/** One index per profile list: rebuilt only when a reset hands over a new list. */
function indexCache(): (profiles: readonly PronetProfile[]) => SiteIndex {
  let cached: { profiles: readonly PronetProfile[]; length: number; index: SiteIndex } | null = null;
  return (profiles) => {
    if (!cached || cached.profiles !== profiles || cached.length !== profiles.length) {
      cached = { profiles, length: profiles.length, index: buildIndex(profiles) };
    }
    return cached.index;
  };
}

export function pronetSite(deps: PronetSiteDeps): Hono {
  // Not strict: `/in/x` and `/in/x/` are one page, as on the real network.
  const app = new Hono({ strict: false });
  const indexOf = indexCache();

  const send = (c: Context, page: Page): Response => {
    c.header('Cache-Control', 'no-store');
    if (c.req.query('partial') === '1') {
      return c.json({ title: page.title, canonical: page.canonical, main: page.main.value }, page.status);
    }
    return c.html(pageDocument(page, c.req.path), page.status);
  };

  const sendOther = (c: Context, document: string): Response => {
    c.header('Cache-Control', 'no-store');
    return c.html(document);
  };

  const profile = (view: ProfileView) => (c: Context) => {
    const index = indexOf(deps.profiles());
    // The shared rule of lib/pronet decodes and lower-cases the slug as the extension does.
    const slug = profileSlug(`http://pronet.localhost${c.req.path}`);
    const p = slug === null ? undefined : index.bySlug.get(slug);
    // The same profile in another markup (issue 24): a full page of its own, no in-page navigation.
    if (p && view === 'main' && profileMarkup(c.req.query('markup'))) return sendOther(c, cardsProfileDocument(index, p));
    return send(c, p ? profilePage(index, p, view) : notFoundPage());
  };

  /** The site's own origin, as the browser reached it (absolute links use it). */
  const originOf = (c: Context) => new URL(c.req.url).origin.replace('://m.pronet.', '://pronet.');
  app.get('/', (c) => send(c, feedPage(indexOf(deps.profiles()), originOf(c))));
  app.get('/feed', (c) => send(c, feedPage(indexOf(deps.profiles()), originOf(c))));
  app.get('/feed/more', (c) => {
    const page = Math.floor(Number(c.req.query('page')));
    if (!Number.isFinite(page) || page < 1 || page >= FEED_PAGES) return c.json({ html: '', next: null });
    c.header('Cache-Control', 'no-store');
    return c.json({ html: feedPosts(indexOf(deps.profiles()), page, originOf(c)).value, next: page + 1 < FEED_PAGES ? `/feed/more/?page=${page + 1}` : null });
  });
  app.get('/in/:slug', profile('main'));
  app.get('/in/:slug/details/experience', profile('experience'));
  app.get('/in/:slug/overlay/contact-info', profile('contact-info'));
  app.get('/sales/lead/:lead', (c) => {
    const token = salesLeadToken(`http://pronet.localhost${c.req.path}`);
    const person = token === null ? null : leadPerson(indexOf(deps.profiles()), token);
    if (person && token !== null && leadMarkup(c.req.query('markup'))) return sendOther(c, menuLeadDocument(indexOf(deps.profiles()), person.p, token, person.withLink));
    return send(c, (token === null ? null : leadPage(indexOf(deps.profiles()), token)) ?? notFoundPage());
  });
  app.get('/sales/lists/people', (c) => send(c, leadListPage(indexOf(deps.profiles()))));
  app.get('/company/:company', (c) => {
    const index = indexOf(deps.profiles());
    let key: string;
    try {
      key = decodeURIComponent(c.req.param('company')).toLowerCase();
    } catch {
      key = '';
    }
    return send(c, companyPage(index, key) ?? notFoundPage());
  });
  app.get('/search/results/people', (c) =>
    send(c, searchPage(indexOf(deps.profiles()), c.req.query('keywords') ?? '', Number(c.req.query('page') ?? '1'), originOf(c))),
  );
  app.all('*', (c) => send(c, notFoundPage()));
  return app;
}
