// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://pronet.localhost:8080/search/results/people/" }
/**
 * The list finder's adapter on a happy-dom page, with plain fakes for the browser: the page's first
 * rows on screen are asked for at once, before their badges are built, in one message.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListBadge } from '../views';
import { startListBadges, type BadgeSurface, type ListBadgesDeps } from './list-badges';
import { fakeContext } from '../../test/unit/content/fake-context';
import { corpusFile } from '../../test/unit/content/document-of';
import { isTokenProfile } from './list-rows';

const ADA = 'https://www.pronet.example/in/ada-lovelace/';
const ALAN = 'https://www.pronet.example/in/alan-turing/';

/** happy-dom lays nothing out: every link is put on screen. */
function allOnScreen() {
  vi.spyOn(window.HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: 10, bottom: 30, left: 10, right: 100, width: 90, height: 20, x: 10, y: 10, toJSON: () => ({}) } as DOMRect);
}

const listeners = () => ({ addListener: () => undefined, removeListener: () => undefined });

/** The adapter's deps over this page, its settings read at once (the defaults). */
const readyDeps = (ctx: ListBadgesDeps['ctx'], parts: Pick<ListBadgesDeps, 'sendMessage' | 'createBadge'>): ListBadgesDeps => ({
  window,
  ctx,
  storage: { get: async () => ({}) },
  onStorageChanged: listeners(),
  onMessage: listeners(),
  ...parts,
});
/** The background's answer: every profile asked for is no lead. */
const noLeads = (urls: string[]) => ({ ok: true, value: urls.map((profileUrl) => ({ profileUrl, kind: 'no-lead', leads: 1, more: 0 })) });

/** The adapter's deps over this page, whose settings are read once `settle` is called. */
function slowSettings(ctx: ListBadgesDeps['ctx'], parts: Pick<ListBadgesDeps, 'sendMessage' | 'createBadge'>) {
  let resolveRead: (value: Record<string, unknown>) => void = () => undefined;
  const deps: ListBadgesDeps = {
    window,
    ctx,
    storage: { get: () => new Promise((resolve) => (resolveRead = resolve)) },
    onStorageChanged: listeners(),
    onMessage: listeners(),
    ...parts,
  };
  return { deps, settle: (value: Record<string, unknown>) => resolveRead(value) };
}

describe('list badges: the first rows on screen', () => {
  let ctx = fakeContext();
  beforeEach(() => {
    ctx = fakeContext();
  });
  afterEach(() => {
    ctx.abort();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('are asked for in one message before any badge is built, and their badges show the answer', async () => {
    document.body.innerHTML = `<ul class="results">
      <li><a href="/in/ada-lovelace/">Ada Lovelace</a> <a href="/in/ada-lovelace/?trk=x" aria-hidden="true">photo</a></li>
      <li><a href="https://pronet.example/in/alan-turing">Alan Turing</a></li>
      <li><a href="/jobs/">Jobs</a></li>
    </ul>`;
    allOnScreen();
    const events: string[] = [];
    const shown = new Map<string, ListBadge | null>();
    const deps = readyDeps(ctx, {
      sendMessage: vi.fn(async (message: unknown) => {
        const m = message as { type: string; urls: string[] };
        events.push(`send ${m.type} ${m.urls.length}`);
        return noLeads(m.urls);
      }),
      createBadge: (): BadgeSurface => {
        events.push('build');
        const host = document.createElement('span');
        return {
          host,
          update: (b) => {
            if (b) shown.set(b.profileUrl, b);
          },
        };
      },
    });
    const started = startListBadges(deps);
    // Asked for synchronously with the first scan: no timer stands between the page and the question,
    // and no badge is built before its status is known (an unknown badge shows nothing).
    expect(events).toEqual(['send list-badges 2']);
    expect(deps.sendMessage).toHaveBeenCalledWith({ type: 'list-badges', urls: [ADA, ALAN] });
    await started;
    await vi.waitFor(() => expect([...shown.keys()].sort()).toEqual([ADA, ALAN]));
    expect(events).toEqual(['send list-badges 2', 'build', 'build']);
    // Each badge beside the link that names its person.
    expect([...document.querySelectorAll('li > span')].map((host) => host.previousElementSibling?.getAttribute('href'))).toEqual(['/in/ada-lovelace/', 'https://pronet.example/in/alan-turing']);
  });
  it('asks before the settings are read; settings that add a profile host have its links asked for then', async () => {
    document.body.innerHTML = `<ul class="results">
      <li><a href="/in/ada-lovelace/">Ada Lovelace</a></li>
      <li><a href="https://people.example/in/grace-hopper/">Grace Hopper</a></li>
    </ul>`;
    allOnScreen();
    const asked: string[][] = [];
    const shown = new Map<string, ListBadge | null>();
    const { deps, settle } = slowSettings(ctx, {
      sendMessage: vi.fn(async (message: unknown) => {
        const urls = (message as { urls: string[] }).urls;
        asked.push(urls);
        return { ok: true, value: urls.map((profileUrl) => ({ profileUrl, kind: 'no-lead', leads: 1, more: 0 })) };
      }),
      createBadge: (): BadgeSurface => {
        const host = document.createElement('span');
        let profile = '';
        return {
          host,
          update: (b) => {
            profile = b?.profileUrl ?? profile;
            shown.set(host.previousElementSibling?.getAttribute('href') ?? profile, b);
          },
        };
      },
    });
    const started = startListBadges(deps);
    // The settings are still being read: the built-in host's profile is asked for already.
    expect(asked).toEqual([[ADA]]);
    await vi.waitFor(() => expect(shown.get('/in/ada-lovelace/')).toMatchObject({ profileUrl: ADA }));
    // The settings name another profile host: its links are found and asked for too.
    settle({ settings: { profileHosts: ['people.example'] } });
    await started;
    await vi.waitFor(() => expect(asked.at(-1)).toEqual(['https://www.pronet.example/in/grace-hopper/']));
    await vi.waitFor(() => expect(shown.get('https://people.example/in/grace-hopper/')).toMatchObject({ kind: 'no-lead' }));
  });

  it('settings read with badges off hide what the first ask showed', async () => {
    document.body.innerHTML = `<ul class="results"><li><a href="/in/ada-lovelace/">Ada Lovelace</a></li></ul>`;
    allOnScreen();
    const updates: (ListBadge | null)[] = [];
    let reply: (value: unknown) => void = () => undefined;
    const { deps, settle } = slowSettings(ctx, {
      // The background knows badges are off: it answers nothing; here the answer comes late, after the settings.
      sendMessage: vi.fn(() => new Promise((resolve) => (reply = resolve))),
      createBadge: (): BadgeSurface => ({ host: document.createElement('span'), update: (b) => void updates.push(b) }),
    });
    const started = startListBadges(deps);
    expect(deps.sendMessage).toHaveBeenCalledTimes(1);
    settle({ settings: { listBadges: false } });
    await started;
    reply({ ok: true, value: [{ profileUrl: ADA, kind: 'no-lead', leads: 1, more: 0 }] });
    await new Promise((r) => setTimeout(r, 0));
    expect(updates.every((b) => b === null)).toBe(true);
    // Nothing was built for it either: the answer came with badges off.
    expect(document.querySelector('li > span')).toBeNull();
  });
});

describe('list badges on a real results page (corpus: test/fixtures/corpus/lists/search-people.html)', () => {
  let ctx = fakeContext();
  beforeEach(() => {
    ctx = fakeContext();
    const html = corpusFile('lists/search-people.html');
    document.body.innerHTML = html.slice(html.indexOf('<body'), html.lastIndexOf('</body>')).replace(/^<body[^>]*>/, '');
    allOnScreen();
  });
  afterEach(() => {
    ctx.abort();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('asks for the 10 people of the rows only; names each badge as its row does; a mutual connection pointed at is asked for then, and "no lead" by token shows nothing', async () => {
    const asked: string[][] = [];
    const named = new Map<string, string | undefined>();
    const shown = new Map<string, ListBadge | null>();
    const started = startListBadges(readyDeps(ctx, {
      sendMessage: vi.fn(async (message: unknown) => {
        // The prefetch of the link pointed at is another message (list-prefetch): not a badge's ask.
        const m = message as { type: string; urls: string[] };
        if (m.type !== 'list-badges') return { ok: true, value: null };
        asked.push(m.urls);
        return noLeads(m.urls);
      }),
      createBadge: (): BadgeSurface => {
        const host = document.createElement('span');
        return {
          host,
          update: (b, text) => {
            const href = (host.previousElementSibling as HTMLAnchorElement | null)?.href ?? '';
            named.set(href, text);
            shown.set(href, b);
          },
        };
      },
    }));
    await started;
    // The page's first rows may take more than one task to read: their screen is asked for once.
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toHaveLength(10);
    expect(asked[0]!.some(isTokenProfile)).toBe(false);
    await vi.waitFor(() => expect(named.size).toBe(10));
    expect([...named.values()]).toContain('Tobias T.');
    for (const name of named.values()) expect(name).not.toMatch(/status is|view .*profile|degree/i);
    // The user points at a mutual connection: now, and only now, it is asked for.
    const mutual = document.querySelector<HTMLAnchorElement>('a[href*="/in/ACoAA"]')!;
    mutual.dispatchEvent(new window.PointerEvent('pointerover', { bubbles: true }));
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]!.filter(isTokenProfile)).toEqual([`https://www.pronet.example/in/${mutual.href.split('/in/')[1]!.replace(/\/?$/, '/')}`]);
    // "No lead" for a member token is not known (leads are stored by public address): nothing shows.
    await vi.waitFor(() => expect(shown.has(mutual.href)).toBe(true));
    expect(shown.get(mutual.href)).toBeNull();
  });
});
