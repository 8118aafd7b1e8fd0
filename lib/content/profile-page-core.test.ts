import { describe, expect, it } from 'vitest';
import { STATUS_MARK } from '../status-marks';
import { createProfilePageCore, leadPageProfile, pageText, type PageSnapshot, type ProfilePageCore, type ProfilePageEffect } from './profile-page-core';

const SITE = 'http://pronet.localhost:8080';
const FEED = `${SITE}/feed/`;
const page = (slug: string) => `${SITE}/in/${slug}/`;
const canonical = (slug: string) => `https://www.pronet.example/in/${slug}/`;
const ADA = canonical('ada-lovelace');
const KATHERINE = canonical('katherine-johnson');

const sent = (effects: ProfilePageEffect[]) => effects.flatMap((e) => (e.type === 'send' ? [e.request] : []));
const rendered = (effects: ProfilePageEffect[]) => effects.flatMap((e) => (e.type === 'render' ? [e.view] : []));
const marked = (effects: ProfilePageEffect[]) => effects.flatMap((e) => (e.type === 'mark' ? [[e.name, e.profileUrl]] : []));
const viewed = (href: string, name?: string) => ({ type: 'profile-viewed', url: href, ...(name ? { name } : {}) });
const lead = (profileUrl: string, rev: number, name = 'Ada Lovelace') => ({ kind: 'lead', name, status: 'OPEN', conversations: 1, profileUrl, rev });

type Step = { visit: PageSnapshot } | { revisit: PageSnapshot } | { content: PageSnapshot };
const run = (core: ProfilePageCore, step: Step): ProfilePageEffect[] =>
  'visit' in step ? core.visit(step.visit) : 'revisit' in step ? core.revisit(step.revisit) : core.contentChanged(step.content);

describe('pageText', () => {
  it.each([
    ['Ada Lovelace', 'Ada Lovelace'],
    ['\n  Ada \t  Lovelace  ', 'Ada Lovelace'],
    ['   ', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
    ['x'.repeat(250), 'x'.repeat(200)],
  ])('%j → %j', (text, name) => expect(pageText(text)).toBe(name));
});

describe('navigation sequences → messages sent', () => {
  const cases: { title: string; steps: Step[]; messages: ReturnType<typeof viewed>[] }[] = [
    {
      title: 'a profile loaded: its URL and the name its heading shows',
      steps: [{ visit: { href: page('ada-lovelace'), heading: ' Ada  Lovelace ' } }],
      messages: [viewed(page('ada-lovelace'), 'Ada Lovelace')],
    },
    {
      title: 'a page that is no profile is reported too (the panel shows "open a profile"), without a name',
      steps: [{ visit: { href: FEED, heading: 'Your feed' } }],
      messages: [viewed(FEED)],
    },
    {
      title: 'one URL seen by several watchers (Navigation API, popstate, WXT) is reported once',
      steps: [
        { visit: { href: page('ada-lovelace'), heading: 'Ada Lovelace' } },
        { visit: { href: page('ada-lovelace'), heading: 'Ada Lovelace' } },
        { visit: { href: page('ada-lovelace'), heading: 'Ada Lovelace' } },
      ],
      messages: [viewed(page('ada-lovelace'), 'Ada Lovelace')],
    },
    {
      title: 'in-page navigation: the old heading lingers, so no name until the new one shows',
      steps: [
        { visit: { href: page('ada-lovelace'), heading: 'Ada Lovelace' } },
        { visit: { href: page('katherine-johnson'), heading: 'Ada Lovelace' } },
        { content: { href: page('katherine-johnson'), heading: 'Ada Lovelace' } },
        { content: { href: page('katherine-johnson'), heading: 'Katherine Johnson' } },
        // More mutations, same name: nothing more to say.
        { content: { href: page('katherine-johnson'), heading: 'Katherine Johnson' } },
      ],
      messages: [viewed(page('ada-lovelace'), 'Ada Lovelace'), viewed(page('katherine-johnson')), viewed(page('katherine-johnson'), 'Katherine Johnson')],
    },
    {
      title: 'feed → profile → other profile → back',
      steps: [
        { visit: { href: FEED, heading: 'Your feed' } },
        { visit: { href: page('ada-lovelace'), heading: 'Your feed' } },
        { content: { href: page('ada-lovelace'), heading: 'Ada Lovelace' } },
        { visit: { href: page('margaret-hamilton'), heading: 'Ada Lovelace' } },
        { content: { href: page('margaret-hamilton'), heading: 'Margaret Hamilton' } },
        { visit: { href: page('ada-lovelace'), heading: 'Margaret Hamilton' } },
        { content: { href: page('ada-lovelace'), heading: 'Ada Lovelace' } },
      ],
      messages: [
        viewed(FEED),
        viewed(page('ada-lovelace')),
        viewed(page('ada-lovelace'), 'Ada Lovelace'),
        viewed(page('margaret-hamilton')),
        viewed(page('margaret-hamilton'), 'Margaret Hamilton'),
        viewed(page('ada-lovelace')),
        viewed(page('ada-lovelace'), 'Ada Lovelace'),
      ],
    },
    {
      title: 'the same profile at another URL (a query) is reported again, with its name',
      steps: [
        { visit: { href: page('ada-lovelace'), heading: 'Ada Lovelace' } },
        { visit: { href: `${page('ada-lovelace')}?tab=about`, heading: 'Ada Lovelace' } },
      ],
      messages: [viewed(page('ada-lovelace'), 'Ada Lovelace'), viewed(`${page('ada-lovelace')}?tab=about`, 'Ada Lovelace')],
    },
    {
      title: 'back from the back/forward cache: reported again although the URL is the same',
      steps: [
        { visit: { href: page('ada-lovelace'), heading: 'Ada Lovelace' } },
        { revisit: { href: page('ada-lovelace'), heading: 'Ada Lovelace' } },
      ],
      messages: [viewed(page('ada-lovelace'), 'Ada Lovelace'), viewed(page('ada-lovelace'), 'Ada Lovelace')],
    },
    {
      title: 'mutations on a page that is no profile send nothing',
      steps: [
        { visit: { href: FEED, heading: 'Your feed' } },
        { content: { href: FEED, heading: 'Ada Lovelace' } },
      ],
      messages: [viewed(FEED)],
    },
  ];
  it.each(cases)('$title', ({ steps, messages }) => {
    const core = createProfilePageCore();
    expect(steps.flatMap((step) => sent(run(core, step)))).toEqual(messages);
  });
});

describe('heading and canonical link → name sent or not', () => {
  // After an in-page navigation from Ada to Katherine, when the page's content changes.
  const cases: { title: string; heading?: string; canonicalLink?: string; name: string | undefined }[] = [
    { title: 'the new heading, no canonical link', heading: 'Katherine Johnson', name: 'Katherine Johnson' },
    { title: 'the old heading still shown, no canonical link', heading: 'Ada Lovelace', name: undefined },
    { title: 'no heading', heading: undefined, name: undefined },
    { title: 'a blank heading', heading: ' \n ', name: undefined },
    { title: 'a canonical link to this profile, in canonical form', heading: 'Katherine Johnson', canonicalLink: KATHERINE, name: 'Katherine Johnson' },
    { title: 'a canonical link to this profile, on the page’s host', heading: 'Katherine Johnson', canonicalLink: page('katherine-johnson'), name: 'Katherine Johnson' },
    { title: 'a canonical link to another profile', heading: 'Katherine Johnson', canonicalLink: ADA, name: undefined },
    { title: 'a canonical link that is no profile', heading: 'Katherine Johnson', canonicalLink: 'https://elsewhere.example/in/katherine-johnson/', name: undefined },
  ];
  it.each(cases)('$title', ({ heading, canonicalLink, name }) => {
    const core = createProfilePageCore();
    core.visit({ href: page('ada-lovelace'), heading: 'Ada Lovelace' });
    core.visit({ href: page('katherine-johnson'), heading: 'Ada Lovelace' });
    const effects = core.contentChanged({ href: page('katherine-johnson'), heading, canonicalLink });
    expect(sent(effects)).toEqual(name ? [viewed(page('katherine-johnson'), name)] : []);
  });

  it.each([
    { canonicalLink: undefined, name: 'Ada Lovelace' },
    { canonicalLink: ADA, name: 'Ada Lovelace' },
    { canonicalLink: KATHERINE, name: undefined },
  ])('at load, any heading names the profile unless the canonical link says otherwise ($canonicalLink)', ({ canonicalLink, name }) => {
    const core = createProfilePageCore();
    expect(sent(core.visit({ href: page('ada-lovelace'), heading: 'Ada Lovelace', canonicalLink }))).toEqual([viewed(page('ada-lovelace'), name)]);
  });
});

describe('replies and pushes → chip shown', () => {
  const onKatherine = () => {
    const core = createProfilePageCore();
    core.visit({ href: page('ada-lovelace'), heading: 'Ada Lovelace' });
    core.visit({ href: page('katherine-johnson'), heading: 'Katherine Johnson' });
    return core;
  };

  it('says "loading" as soon as the URL is a profile, and hides on a page that is none', () => {
    const core = createProfilePageCore();
    expect(rendered(core.visit({ href: page('ada-lovelace') }))).toEqual([{ kind: 'loading' }]);
    expect(rendered(core.visit({ href: FEED }))).toEqual([null]);
    // Still no profile: nothing to redraw.
    expect(rendered(core.visit({ href: `${SITE}/jobs/` }))).toEqual([]);
  });

  it('a profile address whose page says it does not exist is no profile: the chip hides, only that is reported', () => {
    const core = createProfilePageCore();
    // The page's words come after its URL: loading first, then hidden once the words show.
    expect(rendered(core.visit({ href: page('gone-member') }))).toEqual([{ kind: 'loading' }]);
    const effects = core.contentChanged({ href: page('gone-member'), notFound: true });
    expect(rendered(effects)).toEqual([null]);
    // Said to the worker (which follows the tab's URL and would look it up): no name, no suggestion.
    const notFound = { type: 'profile-viewed', url: page('gone-member'), notFound: true };
    expect(sent(effects)).toEqual([notFound]);
    expect(core.profile).toBeNull();
    // The worker's answer (not a profile) shows no chip.
    expect(rendered(core.reply({ ok: true, value: { kind: 'not-profile', profileUrl: null, rev: 1 } })).filter((v) => v !== null)).toEqual([]);
    expect(sent(createProfilePageCore().visit({ href: page('gone-member'), notFound: true }))).toEqual([notFound]);
  });

  const cases: { title: string; arrive: (core: ProfilePageCore) => ProfilePageEffect[]; shown: unknown[] }[] = [
    { title: 'a reply for the profile on screen', arrive: (c) => c.reply({ ok: true, value: lead(KATHERINE, 3, 'Katherine') }), shown: [lead(KATHERINE, 3, 'Katherine')] },
    { title: 'a push for the profile on screen', arrive: (c) => c.push({ type: 'chip-state', state: lead(KATHERINE, 3, 'Katherine') }), shown: [lead(KATHERINE, 3, 'Katherine')] },
    { title: 'a stale reply for the profile the user left', arrive: (c) => c.reply({ ok: true, value: lead(ADA, 9) }), shown: [] },
    { title: 'a stale push for the profile the user left', arrive: (c) => c.push({ type: 'chip-state', state: lead(ADA, 9) }), shown: [] },
    {
      title: 'an older reply after a newer push',
      arrive: (c) => [...c.push({ type: 'chip-state', state: lead(KATHERINE, 5, 'K') }), ...c.reply({ ok: true, value: { kind: 'loading', profileUrl: KATHERINE, rev: 4 } })],
      shown: [lead(KATHERINE, 5, 'K')],
    },
    { title: 'a failed reply', arrive: (c) => c.reply({ ok: false, error: { message: 'x' } }), shown: [] },
    { title: 'no reply at all', arrive: (c) => c.reply(undefined), shown: [] },
    { title: 'a malformed state', arrive: (c) => c.reply({ ok: true, value: { kind: 'script', profileUrl: KATHERINE, rev: 9 } }), shown: [] },
    { title: 'another message type', arrive: (c) => c.push({ type: 'panel-state', state: lead(KATHERINE, 9) }), shown: [] },
    { title: 'a push that is no object', arrive: (c) => c.push('chip-state'), shown: [] },
  ];
  it.each(cases)('$title', ({ arrive, shown }) => {
    expect(rendered(arrive(onKatherine()))).toEqual(shown);
  });
});

describe('time-to-status marks', () => {
  it('marks the URL change to a profile, then its first settled state once', () => {
    const core = createProfilePageCore();
    expect(marked(core.visit({ href: FEED }))).toEqual([]);
    expect(marked(core.visit({ href: page('ada-lovelace') }))).toEqual([[STATUS_MARK.urlChange, ADA]]);
    expect(marked(core.reply({ ok: true, value: { kind: 'loading', profileUrl: ADA, rev: 1 } }))).toEqual([]);
    expect(marked(core.push({ type: 'chip-state', state: lead(ADA, 2) }))).toEqual([[STATUS_MARK.chip, ADA]]);
    expect(marked(core.push({ type: 'chip-state', state: lead(ADA, 3) }))).toEqual([]);
    // Another profile and back: each visit is timed again.
    expect(marked(core.visit({ href: page('katherine-johnson') }))).toEqual([[STATUS_MARK.urlChange, KATHERINE]]);
    expect(marked(core.visit({ href: page('ada-lovelace') }))).toEqual([[STATUS_MARK.urlChange, ADA]]);
    expect(marked(core.reply({ ok: true, value: lead(ADA, 1) }))).toEqual([[STATUS_MARK.chip, ADA]]);
  });

  it('orders the effects of a navigation: mark, chip, message', () => {
    const core = createProfilePageCore();
    expect(core.visit({ href: page('ada-lovelace'), heading: 'Ada Lovelace' }).map((e) => e.type)).toEqual(['mark', 'render', 'send']);
  });
});

describe('profile hosts from the settings', () => {
  const CUSTOM = 'https://pronet.custom.example/in/ada-lovelace/';
  const withCustom = { profileHosts: ['pronet.custom.example'] };

  it('knows the configured hosts from the start', () => {
    expect(rendered(createProfilePageCore(withCustom).visit({ href: CUSTOM }))).toEqual([{ kind: 'loading' }]);
    expect(rendered(createProfilePageCore(undefined).visit({ href: CUSTOM }))).toEqual([]);
    expect(rendered(createProfilePageCore({ profileHosts: 'pronet.custom.example' }).visit({ href: CUSTOM }))).toEqual([]);
  });

  it.each([
    { title: 'the host added: the page becomes a profile', changes: { settings: { newValue: withCustom } }, area: 'local', effects: ['mark', 'render', 'send'] },
    { title: 'a change in another storage area', changes: { settings: { newValue: withCustom } }, area: 'session', effects: [] },
    { title: 'a change of another key', changes: { other: { newValue: withCustom } }, area: 'local', effects: [] },
    // The settings changed but the page is no profile still: reported again all the same.
    { title: 'the settings removed', changes: { settings: {} }, area: 'local', effects: ['send'] },
  ])('$title', ({ changes, area, effects }) => {
    const core = createProfilePageCore();
    core.visit({ href: CUSTOM });
    expect(core.storageChanged(changes, area, { href: CUSTOM }).map((e) => e.type)).toEqual(effects);
  });

  it('the host removed: the chip hides', () => {
    const core = createProfilePageCore(withCustom);
    core.visit({ href: CUSTOM });
    expect(core.profile).toBe(ADA);
    const effects = core.storageChanged({ settings: { newValue: { profileHosts: [] } } }, 'local', { href: CUSTOM });
    expect(rendered(effects)).toEqual([null]);
    expect(sent(effects)).toEqual([viewed(CUSTOM)]);
    expect(core.profile).toBeNull();
  });
});

describe('lead pages (sales tool)', () => {
  const LEAD = `${SITE}/sales/lead/ACwAAQx7KpZ2mWeR,NAME_SEARCH,x1`;
  const HEDY = 'ACoAABq7XkZmP2wQ';
  it.each([
    ['the one public link of the header', [page('ada-lovelace')], ADA],
    ['two links to the same person count once', [page('ada-lovelace'), `${page('ADA-Lovelace')}details/experience/`], ADA],
    ['a member-token link keeps its case', [`${SITE}/in/${HEDY}/`], `https://www.pronet.example/in/${HEDY}/`],
    ['no link', [], null],
    ['links that are no profile', [`${SITE}/company/x/`, `${SITE}/sales/lists/people/`], null],
    ['two people: nothing is guessed', [page('ada-lovelace'), page('grace-hopper')], null],
  ])('%s', (_what, profileLinks, profile) => {
    expect(leadPageProfile({ href: LEAD, profileLinks }, [])).toBe(profile);
  });

  it('is no lead page on a profile or any other page', () => {
    expect(leadPageProfile({ href: page('grace-hopper'), profileLinks: [page('ada-lovelace')] }, [])).toBeNull();
    expect(leadPageProfile({ href: FEED, profileLinks: [page('ada-lovelace')] }, [])).toBeNull();
  });

  it('reports the lead page with its profile link, name and company; without a link, the words only', () => {
    const core = createProfilePageCore();
    const effects = core.visit({ href: LEAD, heading: 'Ada Lovelace', company: ' Analytical Engines ', canonicalLink: `https://www.pronet.example/sales/lead/x`, profileLinks: [page('ada-lovelace')] });
    expect(core.profile).toBe(ADA);
    expect(sent(effects)).toEqual([{ type: 'profile-viewed', url: LEAD, name: 'Ada Lovelace', company: 'Analytical Engines', profileLink: ADA }]);
    const other = createProfilePageCore();
    const none = other.visit({ href: LEAD, heading: 'Joan Clarke', company: 'Hut Eight', profileLinks: [] });
    expect(other.profile).toBeNull();
    expect(sent(none)).toEqual([{ type: 'profile-viewed', url: LEAD, name: 'Joan Clarke', company: 'Hut Eight' }]);
  });
});

describe('company and job title → suggested with the name, bounded', () => {
  const ada = { href: page('ada-lovelace'), heading: 'Ada Lovelace', company: '\n Analytical  Engines ', jobTitle: ' Mathematician ' };

  it('go with the name, whitespace collapsed', () => {
    const core = createProfilePageCore();
    expect(sent(core.visit(ada))).toEqual([{ ...viewed(ada.href, 'Ada Lovelace'), company: 'Analytical Engines', jobTitle: 'Mathematician' }]);
  });

  it('are cut at 200 characters, like the name', () => {
    const core = createProfilePageCore();
    const [request] = sent(core.visit({ ...ada, company: 'c'.repeat(5000), jobTitle: 't'.repeat(201) }));
    expect(request).toMatchObject({ company: 'c'.repeat(200), jobTitle: 't'.repeat(200) });
  });

  it('blank ones are left out', () => {
    const core = createProfilePageCore();
    expect(sent(core.visit({ ...ada, company: '  ', jobTitle: null }))).toEqual([viewed(ada.href, 'Ada Lovelace')]);
  });

  it('never without the name: after an in-page navigation the old profile’s lingers', () => {
    const core = createProfilePageCore();
    core.visit(ada);
    // Katherine's URL, Ada's content still on screen: neither her name nor her company.
    expect(sent(core.visit({ ...ada, href: page('katherine-johnson') }))).toEqual([viewed(page('katherine-johnson'))]);
    expect(sent(core.contentChanged({ ...ada, href: page('katherine-johnson') }))).toEqual([]);
  });

  it('a company or title that shows after the name is sent again; the same again sends nothing', () => {
    const core = createProfilePageCore();
    core.visit({ href: page('ada-lovelace'), heading: 'Ada Lovelace' });
    expect(sent(core.contentChanged(ada))).toEqual([{ ...viewed(ada.href, 'Ada Lovelace'), company: 'Analytical Engines', jobTitle: 'Mathematician' }]);
    expect(sent(core.contentChanged(ada))).toEqual([]);
  });
});
