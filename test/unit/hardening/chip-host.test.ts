// @vitest-environment happy-dom
/**
 * The chip as a hostile profile page meets it: a closed shadow root the page cannot read or rewrite,
 * a host name the page cannot claim beforehand, and no announcement of the extension to page scripts.
 * The e2e suite checks the same in Chromium (test/e2e/hardening/hostile-page.e2e.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { CHIP_HOST_PREFIX, chipHostName } from '../../../components/chip/chip';
import { createChipUi } from '../../../components/chip/chip-ui';
import profileContentScript from '../../../entrypoints/profile.content';

/** The content script's options as WXT hands them to its context (everything but `main`). */
function contentScriptOptions() {
  const { main: _main, ...options } = profileContentScript;
  return options;
}

async function mountLikeTheContentScript(ctx: ContentScriptContext) {
  const ui = createChipUi(ctx, () => undefined);
  ui.mount();
  return ui;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('chipHostName', () => {
  it('is a custom element name of its own on every page load', () => {
    const names = new Set(Array.from({ length: 50 }, () => chipHostName()));
    expect(names.size).toBe(50);
    for (const name of names) expect(name).toMatch(new RegExp(`^${CHIP_HOST_PREFIX}-[0-9a-z]{8}$`));
    expect(chipHostName(() => 0)).toBe(`${CHIP_HOST_PREFIX}-00000000`);
  });
});

describe('the chip on a hostile page', () => {
  it('keeps its shadow root closed: the page sees neither the lead nor the status', async () => {
    const ui = await mountLikeTheContentScript(new ContentScriptContext('profile', contentScriptOptions()));
    ui.mounted!.update({ kind: 'lead', name: 'Ada Lovelace', status: 'OPEN', conversations: 1 });

    const host = document.body.lastElementChild!;
    expect(host.tagName.toLowerCase().startsWith(`${CHIP_HOST_PREFIX}-`)).toBe(true);
    // What page scripts can reach: no shadow root, no text, no label.
    expect(host.shadowRoot).toBeNull();
    expect(document.documentElement.outerHTML).not.toContain('Ada Lovelace');
    expect(document.body.textContent).toBe('');
    // The extension still renders into it.
    expect(ui.shadow.querySelector('button.chip')?.getAttribute('aria-label')).toContain('Ada Lovelace');
  });

  it('mounts even when the page defined a custom element of the old fixed name, which claims its shadow root', async () => {
    customElements.define(
      CHIP_HOST_PREFIX,
      class extends HTMLElement {
        constructor() {
          super();
          this.attachShadow({ mode: 'open' }).innerHTML = '<button class="chip">Open · Grace Hopper</button>';
        }
      },
    );
    const ui = await mountLikeTheContentScript(new ContentScriptContext('profile', contentScriptOptions()));
    ui.mounted!.update({ kind: 'lead', name: 'Ada Lovelace', status: 'OPEN', conversations: 1 });
    expect(ui.shadow.querySelector('button.chip')?.textContent).toContain('Ada Lovelace');
  });

  it('is not announced to page scripts by postMessage, while a newer instance still stops an older one', () => {
    const posted = vi.spyOn(window, 'postMessage');
    const older = new ContentScriptContext('profile', contentScriptOptions());
    expect(posted).not.toHaveBeenCalled();
    expect(older.isValid).toBe(true);
    const newer = new ContentScriptContext('profile', contentScriptOptions());
    expect(posted).not.toHaveBeenCalled();
    expect(older.isValid).toBe(false);
    expect(newer.isValid).toBe(true);
  });
});
