// @vitest-environment node
/**
 * The rows of the corpus's list pages (test/fixtures/corpus/lists, structures of the real network):
 * each row's person, named as the row shows it, never by presence, degree or "View …’s profile";
 * mutual connections, reposters and commenters as secondary people only.
 */
import { describe, expect, it } from 'vitest';
import { corpusFile, documentOf } from '../../test/unit/content/document-of';
import { isTokenProfile, readListRows } from './list-rows';

const SITE = 'https://www.pronet.example';
const rowsOf = (file: string, page = `${SITE}/search/results/people/`) => readListRows(documentOf(corpusFile(`lists/${file}`), page).body, page);
const NOT_A_NAME = /status is|degree|view .*profile|connect|message|member’s|^\W*\d(st|nd|rd)/i;

describe('readListRows on the corpus', () => {
  it('people search: ten rows, named as shown ("Madeleine N." kept), title and company; 15 mutual connections by token as secondary', () => {
    const rows = rowsOf('search-people.html');
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.name)).toEqual([
      'Madeleine Erhardt', 'Arjun Haugen', 'Chiara Janssen', 'Tobias T.', 'Yuki Asante', 'Hamid Correia', 'Leonie Farahani', 'Mateo Mansour', 'Aoife Lin', 'Bram Vogt',
    ]);
    expect(rows[0]).toMatchObject({ url: `${SITE}/in/madeleine-erhardt-3e8/`, title: 'Head of Growth at Tessel Works', company: 'Tessel Works' });
    expect(rows[1]).toMatchObject({ title: 'Senior Account Executive @ Brightfold | SaaS', company: 'Brightfold' });
    // The badge goes beside the name's link, not the avatar's.
    expect(rows.every((r) => r.link.textContent!.includes('profile'))).toBe(true);
    const secondary = rows.flatMap((r) => r.secondary);
    expect(secondary).toHaveLength(15);
    expect(secondary.every((s) => isTokenProfile(s.url))).toBe(true);
    expect(secondary[0]!.name).toMatch(/^\p{L}+ \p{L}\.$/u);
    expect(rows.every((r) => !isTokenProfile(r.url))).toBe(true);
  });

  it('a company’s people: twelve, abbreviated names kept, "X is a mutual connection" secondary', () => {
    const rows = rowsOf('company-people.html', `${SITE}/company/tessel-works/people/`);
    expect(rows).toHaveLength(12);
    expect(rows[1]!.name).toMatch(/^\p{L}+ \p{L}\.$/u);
    expect(rows.every((r) => r.secondary.length === 1 && isTokenProfile(r.secondary[0]!.url))).toBe(true);
    expect(rows[0]!.title).toBe('Head of Growth at Tessel Works');
    expect(rows[2]!.company).toBe('Maison Verlaine');
  });

  it('the feed: each post’s author is primary; reposters, commenters and mutuals are secondary', () => {
    const rows = rowsOf('feed.html', `${SITE}/feed/`);
    expect(rows).toHaveLength(10);
    const first = rows[0]!;
    expect(first.name).toBe('Chiara Janssen');
    expect(first.title).toBe('Talent Partner chez Maison Verlaine');
    // "X reposted this" (by token) and two commenters (by slug).
    expect(first.secondary).toHaveLength(3);
    expect(isTokenProfile(first.secondary[0]!.url)).toBe(true);
    expect(first.secondary.slice(1).map((s) => s.name)).toEqual([expect.stringMatching(/^\p{L}+ [\p{L} ]+$/u), expect.stringMatching(/^\p{L}+ [\p{L} ]+$/u)]);
  });

  it('connections: the name without the "Member’s name" label, the occupation as title', () => {
    const rows = rowsOf('connections.html', `${SITE}/mynetwork/invite-connect/connections/`);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toMatchObject({ secondary: [] });
    expect(rows[0]!.title).toMatch(/ at | @ | chez | bei |\|/);
  });

  it('a sales tool’s lead list links lead pages only: no row, nothing looked up', () => {
    expect(rowsOf('salesnav-lead-list.html', `${SITE}/sales/search/people`)).toEqual([]);
  });

  it('no name is presence, degree or button text, on every list', () => {
    for (const file of ['search-people.html', 'company-people.html', 'feed.html', 'connections.html']) {
      for (const row of rowsOf(file)) {
        expect(row.name).toBeDefined();
        expect(row.name).not.toMatch(NOT_A_NAME);
        for (const s of row.secondary) if (s.name) expect(s.name).not.toMatch(NOT_A_NAME);
      }
    }
  });

  it('rows added later are read whole, from any node inside them', () => {
    const doc = documentOf(corpusFile('lists/feed.html'), `${SITE}/feed/`);
    const comment = doc.querySelector('article')!;
    const rows = readListRows(comment, `${SITE}/feed/`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe('Chiara Janssen');
  });
});

describe('readListRows on the look-alike’s markup', () => {
  it('a picture link hidden from screen readers (initials inside) names nobody: the badge goes by the name’s link', () => {
    const doc = documentOf(
      `<ul><li><a href="/in/ada-lovelace/" aria-hidden="true"><div aria-hidden="true">AL</div></a><div><a class="n" href="/in/ada-lovelace/?trk=x">Ada Lovelace</a><div>Mathematician at Analytical Engines</div></div></li></ul>`,
      `${SITE}/search/results/people/`,
    );
    const [row] = readListRows(doc.body, `${SITE}/search/results/people/`);
    expect(row).toMatchObject({ name: 'Ada Lovelace', title: 'Mathematician at Analytical Engines', company: 'Analytical Engines', secondary: [] });
    expect(row!.link.getAttribute('class')).toBe('n');
  });

  it('the title line is a headline: a company only where it clearly says "<title> at <company>" (issue 43)', () => {
    const rowWith = (headline: string) =>
      readListRows(documentOf(`<ul><li><div><a href="/in/jo-doe/">Jo Doe</a><div>${headline}</div></div></li></ul>`, `${SITE}/search/results/people/`).body, `${SITE}/search/results/people/`)[0]!;
    expect(rowWith('Founder | Building the future of sales')).toMatchObject({ title: 'Founder | Building the future of sales' });
    expect(rowWith('Founder | Building the future of sales').company).toBeUndefined();
    expect(rowWith('CTO at Acme | speaker')).toMatchObject({ title: 'CTO at Acme | speaker', company: 'Acme' });
    expect(rowWith('Directrice commerciale chez Lumière SA')).toMatchObject({ company: 'Lumière SA' });
  });

  it('a name link whose path is in capitals (/IN/SLUG/) is the row’s person, beside its picture link', () => {
    const doc = documentOf(
      `<ul><li><a href="/in/nikolai-garcia/" aria-hidden="true" tabindex="-1"><div aria-hidden="true">NG</div></a><div><a href="/IN/NIKOLAI-GARCIA/">Nikolai Garcia</a><div>Head of Customer Success at Silver Logistics</div></div></li></ul>`,
      `${SITE}/search/results/people/`,
    );
    const rows = readListRows(doc.body, `${SITE}/search/results/people/`);
    expect(rows.map((r) => [r.url, r.name, r.title, r.link.textContent])).toEqual([
      [`${SITE}/in/nikolai-garcia/`, 'Nikolai Garcia', 'Head of Customer Success at Silver Logistics', 'Nikolai Garcia'],
    ]);
  });

  it('a row whose text block also holds "X is a mutual connection" is still its person’s; X is secondary', () => {
    const doc = documentOf(
      `<ul><li><a href="/in/grace-hopper/" aria-hidden="true"><img alt=""></a><div><a href="/in/grace-hopper/?trk=x">Grace Hopper</a><div>Rear Admiral</div><p><a href="/in/alan-turing/">Alan Turing</a> is a mutual connection</p></div><button>Connect</button></li></ul>`,
      `${SITE}/search/results/people/`,
    );
    const rows = readListRows(doc.body, `${SITE}/search/results/people/`);
    expect(rows.map((r) => [r.name, r.secondary.map((s) => s.name)])).toEqual([['Grace Hopper', ['Alan Turing']]]);
  });
});

describe('isTokenProfile', () => {
  it.each([
    [`${SITE}/in/ACoAAB3xYz9QrTuVw/`, true],
    [`${SITE}/in/madeleine-erhardt/`, false],
    [`${SITE}/in/acoaab3xyz9qrtuvw/`, false],
  ])('%s → %s', (url, token) => expect(isTokenProfile(url)).toBe(token));
});
