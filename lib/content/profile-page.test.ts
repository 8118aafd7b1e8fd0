// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://pronet.localhost:8080/in/ada-lovelace/" }
/**
 * The content script's adapter on a happy-dom page, with plain fakes for the browser: what it reads
 * from the page, which events it follows, and that it stops when the extension goes away.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeContext } from '../../test/unit/content/fake-context';
import { isContextInvalidated, NAME_CHECK_DELAY_MS, startProfilePage, type ProfilePageDeps } from './profile-page';
import type { StorageChanges } from './profile-page-core';

const SITE = 'http://pronet.localhost:8080';
const ADA = 'https://www.pronet.example/in/ada-lovelace/';
const KATHERINE = 'https://www.pronet.example/in/katherine-johnson/';
const lead = (profileUrl: string, rev: number, name: string) => ({ kind: 'lead', name, status: 'OPEN', conversations: 1, profileUrl, rev });

function listeners<F>() {
  const set = new Set<F>();
  return { set, addListener: (cb: F) => void set.add(cb), removeListener: (cb: F) => void set.delete(cb) };
}

function setup(opts: { settings?: () => Promise<Record<string, unknown>>; reply?: (message: { type: string }) => unknown } = {}) {
  const ctx = fakeContext();
  const sent: { type: string; url?: string; name?: string }[] = [];
  const chip = { update: vi.fn() };
  let onOpen: (() => void) | undefined;
  const onMessage = listeners<(message: unknown) => void>();
  const onStorageChanged = listeners<(changes: StorageChanges, area: string) => void>();
  const deps: ProfilePageDeps = {
    window,
    ctx,
    sendMessage: vi.fn(async (message: unknown) => {
      sent.push(message as (typeof sent)[number]);
      return opts.reply?.(message as { type: string });
    }),
    storage: { get: opts.settings ?? (async () => ({})) },
    onStorageChanged,
    onMessage,
    mountChip: vi.fn(async (open: () => void) => {
      onOpen = open;
      return chip;
    }),
  };
  return { ctx, deps, sent, chip, onMessage, onStorageChanged, click: () => onOpen?.() };
}

function showProfile(name: string) {
  document.body.innerHTML = `<main><h1 class="profile-name">${name}</h1></main>`;
}

/** An in-page navigation as the site does it: the URL first, the content after. */
function navigateInPage(path: string) {
  history.pushState({}, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** happy-dom's PageTransitionEvent is a plain Event, without `persisted`: the field is set by hand. */
function pageshow(persisted: boolean): Event {
  return Object.defineProperty(new Event('pageshow'), 'persisted', { value: persisted });
}

beforeEach(() => {
  history.replaceState({}, '', '/in/ada-lovelace/');
  showProfile('Ada Lovelace');
});

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  delete (window as unknown as { navigation?: EventTarget }).navigation;
});

describe('startProfilePage', () => {
  it('reports the profile with its name, shows "loading", then the background’s answer', async () => {
    const t = setup({ reply: () => ({ ok: true, value: lead(ADA, 1, 'Ada Lovelace') }) });
    await startProfilePage(t.deps);
    expect(t.sent).toEqual([{ type: 'profile-viewed', url: `${SITE}/in/ada-lovelace/`, name: 'Ada Lovelace' }]);
    expect(t.chip.update).toHaveBeenNthCalledWith(1, { kind: 'loading' });
    await vi.waitFor(() => expect(t.chip.update).toHaveBeenLastCalledWith(lead(ADA, 1, 'Ada Lovelace')));
    t.ctx.abort();
  });

  it('follows in-page navigation (popstate) and sends the name once the new heading shows', async () => {
    const t = setup();
    await startProfilePage(t.deps);
    navigateInPage('/in/katherine-johnson/');
    expect(t.sent.at(-1)).toEqual({ type: 'profile-viewed', url: `${SITE}/in/katherine-johnson/` });
    showProfile('Katherine Johnson');
    await vi.waitFor(() => expect(t.sent.at(-1)).toEqual({ type: 'profile-viewed', url: `${SITE}/in/katherine-johnson/`, name: 'Katherine Johnson' }), {
      timeout: NAME_CHECK_DELAY_MS * 10,
    });
    expect(t.sent).toHaveLength(3);
    t.ctx.abort();
  });

  it('follows the Navigation API where there is one, and reports each URL once', async () => {
    const navigation = new EventTarget();
    (window as unknown as { navigation?: EventTarget }).navigation = navigation;
    const t = setup();
    await startProfilePage(t.deps);
    history.pushState({}, '', '/in/katherine-johnson/');
    navigation.dispatchEvent(new Event('currententrychange'));
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(t.sent.map((m) => m.url)).toEqual([`${SITE}/in/ada-lovelace/`, `${SITE}/in/katherine-johnson/`]);
    t.ctx.abort();
  });

  it('shows the states the background pushes for the profile on screen, and only those', async () => {
    const t = setup();
    await startProfilePage(t.deps);
    for (const listener of t.onMessage.set) {
      listener({ type: 'chip-state', state: lead(KATHERINE, 5, 'Katherine Johnson') });
      listener({ type: 'chip-state', state: lead(ADA, 2, 'Ada Lovelace') });
    }
    expect(t.chip.update.mock.calls).toEqual([[{ kind: 'loading' }], [lead(ADA, 2, 'Ada Lovelace')]]);
    t.ctx.abort();
  });

  it('reports again when the settings change and when the page comes back from the back/forward cache', async () => {
    const t = setup();
    await startProfilePage(t.deps);
    for (const listener of t.onStorageChanged.set) listener({ settings: { newValue: { profileHosts: ['pronet.custom.example'] } } }, 'local');
    window.dispatchEvent(pageshow(false));
    window.dispatchEvent(pageshow(true));
    expect(t.sent).toHaveLength(3);
    t.ctx.abort();
  });

  it('reads the extra profile hosts from the settings', async () => {
    history.replaceState({}, '', '/in/ada-lovelace/');
    const t = setup({ settings: async () => ({ settings: { profileHosts: ['pronet.localhost'] } }) });
    await startProfilePage(t.deps);
    expect(t.chip.update).toHaveBeenCalledWith({ kind: 'loading' });
    t.ctx.abort();
  });

  it('asks for the panel from the chip’s click, synchronously (the user gesture)', async () => {
    const t = setup();
    await startProfilePage(t.deps);
    t.click();
    expect(t.sent.at(-1)).toEqual({ type: 'open-panel' });
    t.ctx.abort();
  });

  it('stops, and lets go of every listener, when the extension is gone', async () => {
    const t = setup({
      reply: () => {
        throw new Error('Extension context invalidated.');
      },
    });
    await startProfilePage(t.deps);
    await vi.waitFor(() => expect(t.ctx.abort).toHaveBeenCalledOnce());
    expect(t.onMessage.set.size).toBe(0);
    expect(t.onStorageChanged.set.size).toBe(0);
    // The page's own navigation reaches it no more.
    navigateInPage('/in/katherine-johnson/');
    expect(t.sent).toHaveLength(1);
  });

  it('does not start when the extension is gone before the settings are read; starts without them when they are unreadable', async () => {
    const gone = setup({ settings: () => Promise.reject(new Error('Extension context invalidated.')) });
    await startProfilePage(gone.deps);
    expect(gone.ctx.abort).toHaveBeenCalledOnce();
    expect(gone.deps.mountChip).not.toHaveBeenCalled();
    expect(gone.sent).toEqual([]);

    const unreadable = setup({ settings: () => Promise.reject(new Error('QuotaExceeded')) });
    await startProfilePage(unreadable.deps);
    expect(unreadable.ctx.abort).not.toHaveBeenCalled();
    expect(unreadable.sent).toHaveLength(1);
    unreadable.ctx.abort();
  });
});

describe('isContextInvalidated', () => {
  it.each([
    [new Error('Extension context invalidated.'), true],
    [new Error('Could not establish connection. Receiving end does not exist.'), true],
    [new Error('The message port closed before a response was received.'), true],
    [new Error('Something else'), false],
    ['Extension context invalidated.', false],
  ])('%s → %s', (error, expected) => expect(isContextInvalidated(error)).toBe(expected));
});
