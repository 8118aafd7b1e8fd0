// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PAGE_PEOPLE_DELAY_MS, pagePeopleMessage, scanDelay } from './page-people';

const PAGE = 'http://pronet.localhost:8787/search/results/people/?keywords=eng';

function page(html: string): Document {
  document.body.innerHTML = html;
  return document;
}

const row = (slug: string, name: string, headline: string, extra = '') => `<li>
  <a href="/in/${slug}/" aria-hidden="true" tabindex="-1"><img alt=""></a>
  <div><a href="/in/${slug}/?trk=x">${name}</a><div>${headline}</div><div>London</div>${extra}</div>
  <button>Connect</button></li>`;

describe('the page people the worker is told of', () => {
  it('lists each person of a row once, in page order, with the headline as title and company; not the side region, not the mutual connections', () => {
    const doc = page(`<main><ul>
      ${row('ada-lovelace', 'Ada Lovelace', 'Head of Algorithms at Analytical Engines Ltd | First programmer')}
      ${row('grace-hopper', 'Grace Hopper', 'Rear Admiral · COBOL', '<p><a href="/in/alan-turing/">Alan Turing</a> is a mutual connection</p>')}
      ${row('ada-lovelace', 'Ada Lovelace', 'again')}
    </ul></main>
    <aside><ul>${row('edsger-dijkstra', 'Edsger Dijkstra', 'Professor')}</ul></aside>`);
    const message = pagePeopleMessage(doc, PAGE, []);
    expect(message).toMatchObject({ type: 'page-people', pageUrl: PAGE });
    // The reader's contract (lib/content/list-rows.ts): the row's primary person, its name, its title
    // line, the company of a "Title at Company" line; nothing of the side region or the mutual connection.
    expect(message.people.map((p) => [p.url, p.name])).toEqual([
      ['https://www.pronet.example/in/ada-lovelace/', 'Ada Lovelace'],
      ['https://www.pronet.example/in/grace-hopper/', 'Grace Hopper'],
    ]);
    expect(message.people[0]).toMatchObject({ company: 'Analytical Engines Ltd', title: expect.stringMatching(/^Head of Algorithms/) });
    expect(message.people[1]?.title).toMatch(/^Rear Admiral/);
  });

  it('a search page says the result count its text states (issue 43), null when it states none; other lists say nothing of it', () => {
    const rows = `<ul>${row('ada-lovelace', 'Ada Lovelace', 'Engineer')}</ul>`;
    expect(pagePeopleMessage(page(`<main><p>About 1,234 results · page 1 of 124</p>${rows}</main>`), PAGE, []).statedCount).toBe(1234);
    expect(pagePeopleMessage(page(`<main>${rows}</main>`), PAGE, []).statedCount).toBeNull();
    expect(pagePeopleMessage(page(`<main><p>12 results</p>${rows}</main>`), 'http://pronet.localhost:8787/company/acme/', [])).not.toHaveProperty('statedCount');
  });

  it('a profile page lists nobody (its own "also viewed" is a side region of a profile)', () => {
    const doc = page(`<main><h1>Ada Lovelace</h1><ul>${row('grace-hopper', 'Grace Hopper', 'Admiral')}</ul></main>`);
    expect(pagePeopleMessage(doc, 'http://pronet.localhost:8787/in/ada-lovelace/', []).people).toEqual([]);
  });

  it('reads a costly page again no sooner than ten times its last reading took; a cheap one after the burst', () => {
    expect(scanDelay(2, 0)).toBe(PAGE_PEOPLE_DELAY_MS);
    expect(scanDelay(300, 0)).toBe(3_000);
    expect(scanDelay(300, 2_000)).toBe(1_000);
    expect(scanDelay(300, 10_000)).toBe(PAGE_PEOPLE_DELAY_MS);
  });
});

describe('the count a search page states', () => {
  it("is found on the real network's saved search page by reading only the text above its results", () => {
    const html = readFileSync('test/fixtures/corpus/lists/search-people.html', 'utf8');
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(pagePeopleMessage(doc, 'https://www.pronet.example/search/results/people/?keywords=engineer', []).statedCount).toBe(1200);
  });
});

