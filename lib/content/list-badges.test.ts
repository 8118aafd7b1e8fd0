// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://pronet.localhost:8080/search/results/people/" }
/**
 * The list finder's adapter on a happy-dom page, with plain fakes for the browser: the page's first
 * rows on screen are asked for at once, before their badges are built, in one message.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListBadge } from '../views';
import { startListBadges, type BadgeSurface, type ListBadgesDeps } from './list-badges';
import { fakeContext } from '../../test/unit/content/fake-context';

const ADA = 'https://www.pronet.example/in/ada-lovelace/';
const ALAN = 'https://www.pronet.example/in/alan-turing/';

const listeners = () => ({ addListener: () => undefined, removeListener: () => undefined });

describe('list badges: the first rows on screen', () => {
  const ctx = fakeContext();
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
    // happy-dom lays nothing out: every link is on screen.
    vi.spyOn(window.HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: 10, bottom: 30, left: 10, right: 100, width: 90, height: 20, x: 10, y: 10, toJSON: () => ({}) } as DOMRect);
    const events: string[] = [];
    const shown = new Map<string, ListBadge | null>();
    const badge = (profile: ListBadge): ListBadge => profile;
    const deps: ListBadgesDeps = {
      window,
      ctx,
      storage: { get: async () => ({}) },
      onStorageChanged: listeners(),
      onMessage: listeners(),
      sendMessage: vi.fn(async (message: unknown) => {
        const m = message as { type: string; urls: string[] };
        events.push(`send ${m.type} ${m.urls.length}`);
        return { ok: true, value: m.urls.map((profileUrl) => badge({ profileUrl, kind: 'no-lead', leads: 1, more: 0 })) };
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
    };
    await startListBadges(deps);
    // Asked for synchronously with the first scan: no timer stands between the page and the question.
    expect(events).toEqual(['send list-badges 2', 'build', 'build']);
    expect(deps.sendMessage).toHaveBeenCalledWith({ type: 'list-badges', urls: [ADA, ALAN] });
    await vi.waitFor(() => expect([...shown.keys()].sort()).toEqual([ADA, ALAN]));
  });
});
