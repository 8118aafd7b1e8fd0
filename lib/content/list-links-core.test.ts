import { describe, expect, it } from 'vitest';
import { badgeFit, badgeRoom, badgeSpot, badgesOf, createListCore, listedProfile, parseListBadge } from './list-links-core';

const SITE = 'http://pronet.localhost:8080';
const canonical = (slug: string) => `https://www.pronet.example/in/${slug}/`;

describe('listedProfile: which hrefs are listed profiles, on which pages', () => {
  const SEARCH = `${SITE}/search/results/people/?page=2`;
  const ADA_PAGE = `${SITE}/in/ada-lovelace/`;
  it.each([
    // [href, page, expected]
    ['/in/grace-hopper/', SEARCH, canonical('grace-hopper')],
    ['/in/grace-hopper', SEARCH, canonical('grace-hopper')],
    ['in/grace-hopper/', `${SITE}/`, canonical('grace-hopper')],
    [`${SITE}/in/grace-hopper/`, SEARCH, canonical('grace-hopper')],
    ['https://www.pronet.example/in/grace-hopper/', SEARCH, canonical('grace-hopper')],
    ['https://m.pronet.example/in/grace-hopper', SEARCH, canonical('grace-hopper')],
    ['https://fr.pronet.example/in/grace-hopper/?trk=people-search&lipi=x#top', SEARCH, canonical('grace-hopper')],
    ['/IN/Grace-Hopper/', SEARCH, canonical('grace-hopper')],
    ['//www.pronet.example/in/grace-hopper/', SEARCH, canonical('grace-hopper')],
    ['/in/grace-hopper/details/experience/', SEARCH, canonical('grace-hopper')],
    ['/in/jos%C3%A9-garc%C3%ADa/', SEARCH, canonical('jos%C3%A9-garc%C3%ADa')],
    // not profiles
    ['/company/lumen-growth/', SEARCH, null],
    ['/search/results/people/?page=3', SEARCH, null],
    ['/in/', SEARCH, null],
    ['/feed/', SEARCH, null],
    ['https://evil.example/in/grace-hopper/', SEARCH, null],
    ['https://pronet.example.evil.example/in/grace-hopper/', SEARCH, null],
    ['javascript:alert(1)', SEARCH, null],
    ['mailto:grace@example.com', SEARCH, null],
    ['https://user:pw@www.pronet.example/in/grace-hopper/', SEARCH, null],
    ['#', SEARCH, null],
    ['', SEARCH, null],
    [null, SEARCH, null],
    // the page's own profile keeps its chip: no badge
    ['/in/ada-lovelace/', ADA_PAGE, null],
    ['https://m.pronet.example/in/Ada-Lovelace?trk=x', ADA_PAGE, null],
    ['/in/ada-lovelace/overlay/contact-info/', ADA_PAGE, null],
    ['/in/grace-hopper/', ADA_PAGE, canonical('grace-hopper')],
    ['/in/ada-lovelace/', `${SITE}/in/grace-hopper/details/experience/`, canonical('ada-lovelace')],
  ])('%j on %s → %j', (href, page, expected) => expect(listedProfile(href, page)).toBe(expected));

  it('follows the configured hosts', () => {
    expect(listedProfile('https://people.corp.example/in/ada/', SEARCH)).toBeNull();
    expect(listedProfile('https://people.corp.example/in/ada/', SEARCH, ['corp.example'])).toBe(canonical('ada'));
  });
});

describe('createListCore: what to ask for', () => {
  const P = (n: number) => canonical(`p${n}`);
  it('asks for profiles on screen without a badge, once the set changes', () => {
    const core = createListCore(60);
    core.navigated(`${SITE}/search/`);
    expect(core.wanted([P(1), P(2), P(1)])).toEqual([P(1), P(2)]);
    expect(core.wanted([P(1), P(2)])).toBeNull();
    core.known(P(1));
    expect(core.wanted([P(1), P(2), P(3)])).toEqual([P(2), P(3)]);
    // A row that left the screen is no longer asked for (the background cancels its lookup).
    expect(core.wanted([P(3)])).toEqual([P(3)]);
    expect(core.wanted([P(1)])).toEqual([]);
  });

  it('never asks for more distinct profiles than the cap on one page; a new page counts afresh', () => {
    const core = createListCore(60);
    core.navigated(`${SITE}/feed/`);
    const all = Array.from({ length: 500 }, (_, i) => P(i));
    expect(core.wanted(all)).toHaveLength(60);
    expect(core.wanted(all.slice(100, 200))).toEqual([]);
    expect(core.wanted(all.slice(0, 10))).toEqual(all.slice(0, 10));
    expect(core.asked).toBe(60);
    core.navigated(`${SITE}/feed/?page=2`);
    expect(core.wanted(all.slice(100, 200))).toHaveLength(60);
  });

  it('prefetches a profile once a page', () => {
    const core = createListCore();
    core.navigated(`${SITE}/search/`);
    expect(core.prefetch(P(1))).toBe(true);
    expect(core.prefetch(P(1))).toBe(false);
    core.navigated(`${SITE}/search/?page=2`);
    expect(core.prefetch(P(1))).toBe(true);
  });
});

describe('parseListBadge and badgesOf: what comes from the background is checked', () => {
  const ok = { profileUrl: canonical('ada'), kind: 'lead', leads: 1, more: 0, name: 'Ada', status: 'OPEN', replied: true, campaign: 'Q3', lastMessageAt: 5 };
  it.each([
    [ok, ok],
    [{ profileUrl: canonical('x'), kind: 'no-lead', leads: 1, more: 0 }, { profileUrl: canonical('x'), kind: 'no-lead', leads: 1, more: 0 }],
    [{ ...ok, kind: 'admin' }, null],
    [{ ...ok, status: 'DELETED' }, null],
    [{ ...ok, leads: 0 }, null],
    [{ ...ok, more: -1 }, null],
    [{ ...ok, name: 'x'.repeat(301) }, null],
    [{ ...ok, snoozeUntil: 'tomorrow' }, null],
    [{ ...ok, replied: 'yes' }, null],
    [null, null],
    ['badge', null],
  ])('%j → %j', (raw, expected) => expect(parseListBadge(raw)).toEqual(expected));

  it('takes badges from a reply or a push, dropping the malformed', () => {
    expect(badgesOf({ ok: true, value: [ok, { kind: 'x' }] }, true)).toEqual([ok]);
    expect(badgesOf({ ok: false, error: { code: 'forbidden' } }, true)).toEqual([]);
    expect(badgesOf({ type: 'list-badges', badges: [ok] }, false)).toEqual([ok]);
    expect(badgesOf({ type: 'chip-state', state: {} }, false)).toEqual([]);
  });
});

describe('badgeFit: a badge fits beside its link, else its dot alone, never past the edge', () => {
  it.each([
    // [room, full width, compact width, fit]
    [300, 90, 17, 'full'],
    [90, 90, 17, 'full'],
    [89.5, 90, 17, 'compact'],
    [40, 130, 17, 'compact'],
    [17, 130, 17, 'compact'],
    [16, 130, 17, 'hidden'],
    [0, 60, 17, 'hidden'],
    [Infinity, 500, 17, 'full'],
  ] as const)('room %s, badge %s (dot %s) → %s', (room, full, compact, fit) => {
    expect(badgeFit(room, full, compact)).toBe(fit);
  });

  it.each([
    // [direction, link end, edges, gap, room]: left to right the end is the last line box's right and
    // the edges are right edges; right to left, its left and left edges.
    ['ltr', 100, [300], 6, 194],
    ['ltr', 100, [300, 250, 1280], 6, 144],
    ['ltr', 290, [300], 6, 4],
    ['ltr', 310, [300], 6, 0],
    ['rtl', 900, [700], 6, 194],
    ['rtl', 900, [700, 750, 0], 6, 144],
    ['rtl', 710, [700], 6, 4],
    ['rtl', 690, [700], 6, 0],
  ] as const)('%s: link ending at %s, edges %j, gap %s → room %s', (dir, end, edges, gap, room) => {
    expect(badgeRoom(end, edges, gap, dir === 'rtl')).toBe(room);
  });
});

describe('badgeSpot: a badge never covers the text that follows its link on its line', () => {
  it.each([
    // [case, link end, followers on the line, edges, → shift, room]
    ['nothing follows: beside the link', 300, [], [700], 0, 394],
    // A real result row: "• 2nd" 4px after the name; the badge goes past it, not over it.
    ['the degree follows the name', 300, [{ left: 304, right: 340 }], [700], 40, 354],
    ['the degree, then a button far off', 300, [{ left: 304, right: 340 }, { left: 600, right: 680 }], [700], 40, 248],
    ['text far off: the badge stays by the link, up to it', 300, [{ left: 400, right: 450 }], [700], 0, 88],
    ['a run of close words, in any order', 300, [{ left: 330, right: 360 }, { left: 303, right: 326 }], [700], 60, 334],
    ['the degree ends at the row edge: no room left', 300, [{ left: 304, right: 696 }], [700], 396, 0],
    ['a box inside the link\'s span is passed over', 300, [{ left: 200, right: 290 }], [700], 0, 394],
  ] as const)('%s', (_case, end, followers, edges, shift, room) => {
    expect(badgeSpot(end, followers, edges, 6)).toEqual({ shift, room });
  });
});
