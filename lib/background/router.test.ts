import { describe, expect, it } from 'vitest';
import type { Reply, Request } from '../messages';
import { createRouter, type SenderInfo } from './router';
import type { RequestContext } from './service';

const ID = 'abcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}/`;

function setup(frames: Record<string, string> = {}) {
  const handled: { request: Request; ctx: RequestContext }[] = [];
  const route = createRouter({
    frameUrl: async (tabId, frameId) => frames[`${tabId}/${frameId}`],
    extensionId: ID,
    extensionOrigin: ORIGIN,
    profileHosts: () => ['pronet.corp.example'],
    handle: async (request, ctx): Promise<Reply<unknown>> => {
      handled.push({ request, ctx });
      return { ok: true, value: 'done' };
    },
  });
  return { route, handled };
}

const panel: SenderInfo = { id: ID, url: `${ORIGIN}sidepanel.html?tab=4` };
const profileTab: SenderInfo = { id: ID, url: 'http://pronet.localhost:8787/in/ada-lovelace/', tab: { id: 4, url: 'http://pronet.localhost:8787/in/ada-lovelace/' } };
const archive = { type: 'archive', conversationId: 'c1', leadId: 'l1' };
const viewed = { type: 'profile-viewed', url: 'http://pronet.localhost:8787/in/ada-lovelace/' };

describe('router', () => {
  it('reads the address a frame shows now: Firefox keeps the loaded one in sender.url after pushState', async () => {
    // The feed moved to a profile in the page: Firefox still names the feed.
    const feed: SenderInfo = { id: ID, url: 'http://pronet.localhost:8787/feed/', frameId: 0, tab: { id: 4 } };
    expect(await setup().route(viewed, feed)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await setup({ '4/0': 'http://pronet.localhost:8787/in/ada-lovelace/' }).route(viewed, feed)).toEqual({ ok: true, value: 'done' });
    // Only an address of the same origin as the sender's document stands for it.
    const elsewhere = setup({ '4/0': 'https://www.pronet.example/in/ada-lovelace/' });
    expect(await elsewhere.route(viewed, feed)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('lets the extension pages send any request, without a tab context', async () => {
    const { route, handled } = setup();
    expect(await route(archive, panel)).toEqual({ ok: true, value: 'done' });
    expect(handled).toEqual([{ request: archive, ctx: {} }]);
  });

  it('lets a content script on a profile host report a profile viewed, with its tab', async () => {
    const { route, handled } = setup();
    expect(await route(viewed, profileTab)).toEqual({ ok: true, value: 'done' });
    const custom: SenderInfo = { id: ID, url: 'https://fr.pronet.corp.example/in/x/', tab: { id: 9 } };
    expect((await route(viewed, custom)).ok).toBe(true);
    expect(handled.map((h) => h.ctx)).toEqual([{ tabId: 4 }, { tabId: 9 }]);
  });

  it('lets a content script on a lead page report what it shows, and never Find by name', async () => {
    const { route, handled } = setup();
    const leadPage: SenderInfo = { id: ID, url: 'http://pronet.localhost:8787/sales/lead/ACwAAQx7KpZ2mWeR,NAME_SEARCH,x1', tab: { id: 6 } };
    expect((await route({ ...viewed, url: leadPage.url, profileLink: 'http://pronet.localhost:8787/in/ada-lovelace/' }, leadPage)).ok).toBe(true);
    expect(handled.map((h) => [h.request.type, h.ctx])).toEqual([['profile-viewed', { tabId: 6 }]]);
    // The page's words reach the service only from the panel, on a press.
    for (const message of [{ type: 'find-by-name', tabId: 6, firstname: 'A', lastname: 'B', companyName: 'C' }, { type: 'link-lead', tabId: 6, leadId: 'l1', name: 'x' }]) {
      expect(await route(message, leadPage)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(await route(message, profileTab)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
  });

  it('lets a content script on any page of a profile host ask for list badges and prefetch, and nothing more', async () => {
    const { route, handled } = setup();
    const search: SenderInfo = { id: ID, url: 'http://pronet.localhost:8787/search/results/people/?page=2', tab: { id: 5 } };
    const badges = { type: 'list-badges', urls: ['/in/ada-lovelace/'] };
    expect((await route(badges, search)).ok).toBe(true);
    expect((await route({ type: 'list-prefetch', url: '/in/ada-lovelace/' }, search)).ok).toBe(true);
    expect((await route({ type: 'open-panel', profileUrl: '/in/ada-lovelace/' }, search)).ok).toBe(true);
    expect((await route(badges, profileTab)).ok).toBe(true);
    expect(handled.map((h) => [h.request.type, h.ctx])).toEqual([
      ['list-badges', { tabId: 5 }],
      ['list-prefetch', { tabId: 5 }],
      ['open-panel', { tabId: 5 }],
      ['list-badges', { tabId: 4 }],
    ]);
    for (const message of [viewed, archive, { type: 'settings-get' }, { type: 'call-log' }]) {
      expect(await route(message, search)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(await route(badges, { id: ID, url: 'https://evil.example/search/', tab: { id: 2 } })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(handled).toHaveLength(4);
  });

  it.each<[string, unknown, SenderInfo]>([
    ['another extension', archive, { id: 'otherextensionid', url: `chrome-extension://otherextensionid/x.html` }],
    ['a sender without id', archive, { url: `${ORIGIN}options.html` }],
    ['a page pretending to be the extension by path', archive, { id: ID, url: `https://evil.example/${ORIGIN}`, tab: { id: 2 } }],
    ['a content script on a non-profile host', viewed, { id: ID, url: 'https://evil.example/in/ada/', tab: { id: 2, url: 'https://evil.example/in/ada/' } }],
    ['a look-alike host', viewed, { id: ID, url: 'https://pronet.example.evil.example/in/ada/', tab: { id: 2 } }],
    ['a content script asking for an action', archive, profileTab],
    ['a content script asking for the settings', { type: 'settings-get' }, profileTab],
    ['a content script trying to set the key', { type: 'key-set', key: 'x', sessionOnly: false }, profileTab],
    ['a content script reading the call log', { type: 'call-log' }, profileTab],
  ])('refuses %s', async (_name, message, sender) => {
    const { route, handled } = setup();
    const reply = await route(message, sender);
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(handled).toEqual([]);
  });

  it('refuses a malformed request from an extension page as bad-request', async () => {
    const { route, handled } = setup();
    expect(await route({ type: 'snooze', conversationId: 'c1', leadId: 'l1', until: 'tomorrow' }, panel)).toMatchObject({
      ok: false,
      error: { code: 'bad-request' },
    });
    expect(handled).toEqual([]);
  });
});
