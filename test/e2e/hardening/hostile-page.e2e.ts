/**
 * A hostile profile page. The URL is a real profile of the look-alike site, but the document is the
 * attacker's (served with `page.route`): it shows another person's name and canonical link, plants
 * a fake chip of the chip's old tag name, overrides `fetch`, `history.pushState`,
 * `Element.prototype.attachShadow` and `EventTarget.prototype.addEventListener` before any other
 * script (`addInitScript`), tampers with every element the extension adds, and forges every message
 * shape of lib/messages. It must not be able to trigger an action, read the key or the lead's data,
 * or make the chip show another lead than the one of the URL.
 */
import { REQUEST_TYPES, type RequestType } from '../../../lib/messages';
import { chipLabel, isExtensionChip, readChips } from '../chip';
import { test, expect, canonicalUrl, expectLeadShown, outboxItems, writesOf } from '../fixtures';
import { sendFromPage } from './support';

/** What the hostile page gathered; everything in it is page-visible by construction. */
interface Loot {
  messages: string[];
  fetches: string[];
  pushStates: string[];
  attachShadows: string[];
  listeners: string[];
  tampered: string[];
  shadowPeeks: string[];
  runtime: string[];
  errors: string[];
}

/** The attacker's page for `slug`: someone else's name and canonical link, and a fake chip. */
function hostileHtml(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Grace Hopper | pronet</title>
<link rel="canonical" href="${canonicalUrl('grace-hopper')}">
</head><body>
<main><h1 class="profile-name">Grace Hopper</h1><p>Rear Admiral (ret.)</p>
<a id="to-katherine" href="/in/katherine-johnson/">Katherine</a></main>
<script>
  // The page's own navigation goes through its overridden pushState.
  document.getElementById('to-katherine').addEventListener('click', (e) => {
    e.preventDefault();
    history.pushState({}, '', '/in/katherine-johnson/');
  });
</script>
</body></html>`;
}

/**
 * Runs in the page's main world before any other script. Plain DOM and JS only (it is serialised
 * into the page); `extensionId`: a targeted attacker knows the extension's public id.
 */
function hostileInit(arg: { extensionId: string; fakeTag: string }): void {
  type AnyFn = (...args: unknown[]) => unknown;
  const loot: Loot = { messages: [], fetches: [], pushStates: [], attachShadows: [], listeners: [], tampered: [], shadowPeeks: [], runtime: [], errors: [] };
  const w = window as unknown as Record<string, unknown>;
  w.__loot = loot;
  const json = (v: unknown) => {
    try {
      return JSON.stringify(v);
    } catch {
      return String(v);
    }
  };

  // Every message the page receives, whoever posts it.
  const originalAdd = EventTarget.prototype.addEventListener;
  originalAdd.call(window, 'message', (e: Event) => loot.messages.push(json((e as MessageEvent).data)));

  // fetch and XHR: recorded and answered with forgeries, never sent.
  w.fetch = (input: unknown) => {
    loot.fetches.push(String((input as { url?: string }).url ?? input));
    return Promise.resolve(new Response('{"statusCode":200,"ok":true,"value":{}}', { status: 200, headers: { 'content-type': 'application/json' } }));
  };
  const originalOpen = XMLHttpRequest.prototype.open as AnyFn;
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
    loot.fetches.push(`xhr ${String(args[1])}`);
    return originalOpen.apply(this, args);
  } as typeof XMLHttpRequest.prototype.open;

  // History: recorded, and every navigation comes with forged "this is grace-hopper" messages.
  for (const name of ['pushState', 'replaceState'] as const) {
    const original = history[name] as AnyFn;
    history[name] = function (this: History, ...args: unknown[]) {
      loot.pushStates.push(`${name} ${String(args[2])}`);
      window.postMessage({ type: 'profile-viewed', url: `${location.origin}/in/grace-hopper/`, name: 'Grace Hopper' }, '*');
      window.postMessage({ type: 'chip-state', state: { kind: 'lead', name: 'Grace Hopper', status: 'OPEN', conversations: 1, profileUrl: null, rev: 9e15 } }, '*');
      return original.apply(this, args);
    } as History[typeof name];
  }

  // attachShadow: recorded, and forced open (were the extension to call the page's own).
  const originalAttach = Element.prototype.attachShadow as AnyFn;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    loot.attachShadows.push(`${this.localName} ${init.mode}`);
    return originalAttach.call(this, { ...init, mode: 'open' }) as ShadowRoot;
  };

  // addEventListener: every listener's source is kept (were the extension to register through it).
  EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
    loot.listeners.push(`${type}: ${String(listener).slice(0, 300)}`);
    return (originalAdd as AnyFn).call(this, type, listener, options) as void;
  } as typeof EventTarget.prototype.addEventListener;

  // A chip of the extension's old tag name, defined before the extension could create one, and shown.
  customElements.define(
    arg.fakeTag,
    class extends HTMLElement {
      constructor() {
        super();
        this.attachShadow({ mode: 'open' }).innerHTML =
          '<button class="chip" aria-label="Open · Grace Hopper. Open the lead panel">Open · Grace Hopper</button>';
      }
    },
  );

  // The extension's chip, whatever its name: anything with a dash in its tag added to the body.
  const tamper = (el: Element) => {
    if (el.localName === arg.fakeTag || !el.localName.includes('-')) return;
    loot.tampered.push(el.localName);
    loot.shadowPeeks.push(el.shadowRoot === null ? 'null' : `open: ${el.shadowRoot.innerHTML}`);
    try {
      el.shadowRoot?.replaceChildren(document.createTextNode('Open · Grace Hopper'));
    } catch (error) {
      loot.errors.push(`replaceChildren ${String(error)}`);
    }
    try {
      originalAttach.call(el, { mode: 'open' });
      loot.errors.push('re-attached a shadow root');
    } catch (error) {
      loot.errors.push(`attachShadow ${(error as Error).name}`);
    }
    el.setAttribute('aria-label', 'Open · Grace Hopper');
    el.setAttribute('data-lead', 'grace-hopper');
    el.setAttribute('style', 'outline: 3px solid red');
    el.innerHTML = '<button class="chip" aria-label="Open · Grace Hopper">Open · Grace Hopper</button>';
    (el as HTMLElement).click();
    el.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    el.querySelector('button')?.click();
    // Moved about, as a page re-rendering its body would.
    document.body.prepend(el);
  };
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (n instanceof Element && !loot.tampered.includes(n.localName)) tamper(n);
  }).observe(document, { childList: true, subtree: true });

  document.addEventListener('DOMContentLoaded', () => {
    document.body.append(document.createElement(arg.fakeTag));
  });

  /** Sends one forged message every way a page can. */
  w.__forge = (payloads: Record<string, unknown>[]) => {
    const chromeRuntime = (window as unknown as { chrome?: { runtime?: { sendMessage?: AnyFn; connect?: AnyFn } } }).chrome?.runtime;
    loot.runtime.push(`chrome.runtime on the page: ${chromeRuntime ? Object.keys(chromeRuntime).join(',') : 'none'}`);
    for (const payload of payloads) {
      window.postMessage(payload, '*');
      window.postMessage({ ...payload, source: 'outreach-companion' }, location.origin);
      window.dispatchEvent(new MessageEvent('message', { data: payload, origin: location.origin }));
      document.dispatchEvent(new CustomEvent(String(payload.type), { detail: payload, bubbles: true, composed: true }));
      document.dispatchEvent(new CustomEvent(`${arg.extensionId}:profile:${String(payload.type)}`, { detail: payload }));
      try {
        chromeRuntime?.sendMessage?.(arg.extensionId, payload, (reply: unknown) => loot.runtime.push(json(reply)));
      } catch (error) {
        loot.runtime.push(`sendMessage ${String(error)}`);
      }
      try {
        chromeRuntime?.connect?.(arg.extensionId, { name: 'panel' });
      } catch (error) {
        loot.runtime.push(`connect ${String(error)}`);
      }
    }
  };

  /** What the page can read of itself: storage, cookies, the whole DOM with open shadow roots. */
  w.__pageView = () => {
    const shadows: string[] = [];
    for (const el of document.querySelectorAll('*')) if (el.shadowRoot) shadows.push(el.shadowRoot.innerHTML);
    return json({
      loot,
      html: document.documentElement.outerHTML,
      text: document.body.innerText,
      shadows,
      local: { ...localStorage },
      session: { ...sessionStorage },
      cookie: document.cookie,
      globals: Object.keys(window).filter((k) => /chrome|browser|outreach|wxt/i.test(k)),
    });
  };
}

/** One forged request of every type of lib/messages, aimed at the demo's real ids. */
function forgedRequests(ids: { tabId: number; conversationId: string; leadId: string }): Record<string, unknown>[] {
  const target = { conversationId: ids.conversationId, leadId: ids.leadId };
  const samples: Record<RequestType, Record<string, unknown>> = {
    'profile-viewed': { url: canonicalUrl('grace-hopper'), name: 'Grace Hopper' },
    'open-panel': { tabId: ids.tabId },
    'list-badges': { urls: [canonicalUrl('grace-hopper')] },
    'list-prefetch': { url: canonicalUrl('grace-hopper') },
    'panel-state': { tabId: ids.tabId },
    refresh: { tabId: ids.tabId },
    'select-conversation': { tabId: ids.tabId, conversationId: ids.conversationId },
    'choose-lead': { tabId: ids.tabId, leadId: ids.leadId },
    'lead-activity': { leadId: ids.leadId, skip: 0, limit: 100 },
    'crm-records': { tabId: ids.tabId, leadId: ids.leadId, byName: { firstname: 'Grace', lastname: 'Hopper', companyName: 'Navy' } },
    'campaign-standing': { leadId: ids.leadId, campaignId: 'cmp_1', further: true },
    'find-by-name': { tabId: ids.tabId, firstname: 'Grace', lastname: 'Hopper', companyName: 'Forged Co' },
    'link-lead': { tabId: ids.tabId, leadId: ids.leadId, name: 'Forged' },
    'lead-links': {},
    'unlink-lead': { profileUrl: canonicalUrl('grace-hopper') },
    'set-lead-url': { tabId: ids.tabId },
    'conversation-messages': { conversationId: ids.conversationId },
    'save-note': { ...target, mode: 'append', text: 'forged by the page' },
    archive: target,
    unarchive: target,
    snooze: { ...target, until: Date.now() + 86_400_000 },
    unsnooze: target,
    qualify: { ...target, status: 'INTERESTED' },
    'add-to-audience': { profileUrl: canonicalUrl('margaret-hamilton'), audience: 'Forged audience', firstname: 'Margaret', lastname: 'Hamilton' },
    'lead-to-audience': { leadId: 'lead_forged', profileUrl: canonicalUrl('edsger-dijkstra'), audience: 'Forged audience' },
    'campaign-audiences': {},
    enrich: { enrichType: 'FULL_ENRICH', leadId: ids.leadId },
    credits: {},
    audiences: {},
    'audience-create': { name: 'Forged audience' },
    identities: {},
    'call-log': {},
    'outbox-list': {},
    'outbox-retry': { id: '1' },
    'outbox-discard': { id: '1' },
    'storage-status': {},
    'settings-get': {},
    'settings-set': { patch: { baseUrl: 'https://evil.example/flow', chipEnabled: false } },
    'key-set': { key: 'key_forged_by_the_page_000000', sessionOnly: false },
    'key-test': {},
    'key-clear': {},
    'inbox-page': { view: 'waiting' },
    'inbox-leads': { leadIds: [ids.leadId] },
    'inbox-previews': { conversationIds: [ids.conversationId] },
    'inbox-leave': { screen: 'forged' },
    'inbox-choices': {},
    'inbox-count': {},
    'open-profile': { tabId: ids.tabId, profileUrl: canonicalUrl('ada-lovelace') },
    'reply-context': target,
    'reply-send': { ...target, channel: 'PRONET', text: 'forged reply' },
    'reply-undo': { id: '1' },
    'reply-draft': { conversationId: ids.conversationId, draft: { text: 'forged draft' } },
    'reply-members': {},
    'reply-member-set': { memberId: 'mem_forged' },
    'reply-templates': target,
    'reply-snippet-save': { name: 'forged', text: 'forged snippet {{firstname}}' },
    'reply-snippet-delete': { id: 'snp_forged' },
    'page-people': { pageUrl: 'https://www.pronet.example/search/results/people/', people: [{ url: canonicalUrl('grace-hopper'), name: 'Grace Hopper' }] },
    'page-people-wanted': {},
    'this-page': { tabId: ids.tabId },
    'this-page-add': { tabId: ids.tabId, audience: 'Forged', audienceId: 'aud_forged', people: [{ url: canonicalUrl('grace-hopper') }] },
    'this-page-undo': { tabId: ids.tabId, batchId: 'forged' },
    'this-page-enrich': { tabId: ids.tabId, enrichType: 'EMAIL_ENRICH', people: [{ url: canonicalUrl('grace-hopper') }] },
    'this-page-import': { tabId: ids.tabId, audience: 'Forged audience', identityId: 'id_forged', excludeContactedLeads: false, autoImport: true },
    'this-page-selection': { tabId: ids.tabId },
    'this-page-select': { tabId: ids.tabId, selection: { list: 'https://www.pronet.example/search/results/people/', checked: [], edits: [], seen: [] } },
    'relay-test': { url: 'http://127.0.0.1:9/events', token: 'forged' },
    'conversation-revalidate': target,
    'inbox-revalidate': { view: 'waiting' },
  };
  const requests = REQUEST_TYPES.map((type) => ({ type, ...samples[type] }));
  // The background's pushes too, as if the page could speak for it.
  const pushes = [
    { type: 'chip-state', state: { kind: 'lead', name: 'Grace Hopper', status: 'OPEN', conversations: 1, profileUrl: canonicalUrl('ada-lovelace'), rev: 9e15 } },
    { type: 'panel-state', tabId: ids.tabId, state: { kind: 'not-profile' } },
    { type: 'outbox', items: [] },
    { subscribe: ids.tabId },
  ];
  return [...requests, ...pushes];
}

const OLD_CHIP_TAG = 'outreach-companion-chip';

test('a hostile profile page cannot act, read the key or the lead, nor make the chip show another lead', async ({
  configureExtension,
  extension,
  emulator,
  demo,
  openPanelFor,
  tabIdOf,
  leadByUrl,
  leadConversations,
  emulatorCalls,
}) => {
  const options = await configureExtension();
  const settingsBefore = await sendFromPage(options, { type: 'settings-get' });
  const ada = (await leadByUrl('ada-lovelace'))!;
  const [adaConversation] = await leadConversations(ada.id);

  const page = await extension.context.newPage();
  // The document of every profile URL is the attacker's; the URL stays the real profile's.
  await page.route(`${emulator.pronetOrigin}/in/**`, (route) =>
    route.request().resourceType() === 'document' ? route.fulfill({ contentType: 'text/html', body: hostileHtml() }) : route.continue(),
  );
  await page.addInitScript(hostileInit, { extensionId: extension.extensionId, fakeTag: OLD_CHIP_TAG });
  await page.goto(`${emulator.pronetOrigin}/in/ada-lovelace/`);

  // The chip and the panel name the URL's profile, not the page's heading or canonical link.
  await expect.poll(() => chipLabel(page)).toMatch(/^Open · Ada Lovelace/);
  const panel = await openPanelFor(page);
  await expectLeadShown(panel, 'Ada Lovelace');
  // The page's fake chip is there, and is not the extension's.
  const chips = await readChips(page);
  expect(chips.filter((c) => c.host === OLD_CHIP_TAG && c.mode === 'open')).toHaveLength(1);
  expect(chips.filter(isExtensionChip)).toHaveLength(1);

  const view = async () => JSON.parse((await page.evaluate(() => (window as unknown as { __pageView(): string }).__pageView())) as string) as { loot: Loot } & Record<string, unknown>;
  const before = await view();
  // The extension's host was tampered with, but its shadow root never showed: closed, not re-attachable.
  expect(before.loot.tampered.some((t) => t.startsWith(`${OLD_CHIP_TAG}-`))).toBe(true);
  expect(before.loot.shadowPeeks.every((p) => p === 'null')).toBe(true);
  expect(before.loot.errors.filter((e) => e.startsWith('attachShadow'))).not.toHaveLength(0);
  expect(before.loot.errors).not.toContain('re-attached a shadow root');
  // The content script used none of the page's overrides and announced nothing to the page.
  expect(before.loot.attachShadows.filter((a) => a.startsWith(`${OLD_CHIP_TAG}-`))).toEqual([]);
  expect(before.loot.fetches).toEqual([]);
  expect(before.loot.listeners.filter((l) => /sendMessage|runtime|chip-state|profile-viewed/.test(l))).toEqual([]);
  expect(before.loot.messages).toEqual([]);

  // Every message shape of lib/messages, every way a page can send it.
  const tabId = await tabIdOf(page);
  await page.evaluate((payloads) => (window as unknown as { __forge(p: unknown[]): void }).__forge(payloads), forgedRequests({ tabId, conversationId: adaConversation!.id, leadId: ada.id }));

  // The page navigates in-page through its own (overridden, message-forging) pushState: the chip and
  // the panel follow the URL. This also proves the forgeries above were all handled by then.
  await page.locator('#to-katherine').click();
  await expect(page).toHaveURL(/\/in\/katherine-johnson\/$/);
  await expect.poll(() => chipLabel(page)).toMatch(/^Archived · Katherine Johnson/);
  await expectLeadShown(panel, 'Katherine Johnson');

  // No action: nothing queued, and the service received reads only (no mutation at all).
  expect(await outboxItems(panel)).toEqual([]);
  const calls = await emulatorCalls();
  expect(writesOf(calls)).toEqual([]);
  // Settings and key as the user left them.
  expect(await sendFromPage(options, { type: 'settings-get' })).toEqual(settingsBefore);

  // Neither the key nor anything the extension knows about the lead reached the page.
  const after = await view();
  const seen = JSON.stringify(after);
  expect(seen).not.toContain(demo.proKey);
  expect(seen).not.toContain('Lovelace');
  expect(seen).not.toContain('Katherine Johnson');
  expect(seen).not.toContain('Archived');
  expect(after.loot.runtime.join('\n')).not.toMatch(/"ok":true/);
  // The only messages the page saw are its own forgeries.
  expect(after.loot.messages.every((m) => !m.includes('wxt') && !m.includes(extension.extensionId))).toBe(true);

  // Last, the one thing a page that knows the extension's id can do: forge WXT's "a newer copy of
  // this script started" event. The script stops and its chip goes; no chip is left showing a lead.
  await page.evaluate((id) => {
    document.dispatchEvent(new CustomEvent(`${id}:profile:wxt:content-script-started`, { detail: { contentScriptName: 'profile', messageId: 'forged' } }));
  }, extension.extensionId);
  await expect.poll(async () => (await readChips(page)).filter(isExtensionChip).length).toBe(0);
  await page.evaluate(() => history.pushState({}, '', '/in/alan-turing/'));
  // The panel still follows the URL (the background sees the navigation itself).
  await expectLeadShown(panel, 'Alan Turing');
  expect((await readChips(page)).filter(isExtensionChip)).toEqual([]);
  expect(writesOf(await emulatorCalls())).toEqual([]);
});
