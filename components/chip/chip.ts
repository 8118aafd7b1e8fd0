/**
 * The status chip the content script shows on a profile page, e.g. "● Open · Ada Lovelace".
 * Plain DOM on purpose: it runs inside every profile page, where a UI framework would only add weight.
 * It shows what the background sent and nothing else (no key, no note, no ids ever reach a page).
 */
import type { ChipView } from '../../lib/views';
import { t } from '../i18n';
import { turnText } from '../live/turn-text';

/** What the chip's host element is called, followed by a random part (see `chipHostName`). */
export const CHIP_HOST_PREFIX = 'outreach-companion-chip';

/**
 * A custom element name of the chip's host, new on every page load: a page that defines a custom
 * element of the chip's name beforehand would have its own constructor run on the host and could
 * claim its shadow root first, leaving no chip. It cannot define a name it cannot know.
 */
export function chipHostName(random: () => number = Math.random): string {
  const part = Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0');
  return `${CHIP_HOST_PREFIX}-${part}`;
}

/**
 * How the content script places the chip (WXT's `createShadowRootUi`). The shadow root is closed:
 * the page cannot read the lead's name and status from it, nor rewrite what it says.
 */
export const CHIP_SHADOW_MODE = 'closed' as const;

export type ChipTone = 'open' | 'snoozed' | 'archived' | 'neutral' | 'warning' | 'loading';

/** What the chip says for a state; null when it should not show (turned off, or not a profile page). */
export function chipContent(state: ChipView): { tone: ChipTone; label: string; detail: string | null } | null {
  switch (state.kind) {
    case 'off':
    case 'not-profile':
      return null;
    case 'loading':
      return { tone: 'loading', label: t('chipLoading'), detail: null };
    case 'no-key':
      return { tone: 'warning', label: t('chipNoKey'), detail: null };
    case 'bad-key':
      return { tone: 'warning', label: t('chipBadKey'), detail: null };
    case 'error':
      return { tone: 'warning', label: t('chipError'), detail: null };
    case 'no-lead':
      return { tone: 'neutral', label: t('chipNoLead'), detail: null };
    case 'lead': {
      // Several leads and none chosen yet: the panel's picker decides.
      if (state.name === undefined && state.leads !== undefined) return { tone: 'neutral', label: t('chipLeads', state.leads), detail: null };
      const name = state.leads !== undefined ? `${state.name ?? ''} ${t('chipOfLeads', state.leads)}` : (state.name ?? '');
      const more = state.conversations !== undefined && state.conversations > 1 ? t('chipMore', state.conversations - 1) : null;
      if (!state.status) return { tone: 'neutral', label: t('chipNoConversation'), detail: name };
      const label = state.status === 'OPEN' ? t('statusOpen') : state.status === 'SNOOZED' ? t('statusSnoozed') : t('statusArchived');
      const tone = state.status === 'OPEN' ? 'open' : state.status === 'SNOOZED' ? 'snoozed' : 'archived';
      // Whose turn (issue 36), after the name: "Open · Ada Lovelace · Waiting for you, 6 days".
      const turn = state.status === 'OPEN' ? turnText({ lastMessageStatus: state.lastMessageStatus ?? null, lastMessageAt: state.lastMessageAt ?? null }, Date.now()) : null;
      const who = more ? `${name} ${more}` : name;
      return { tone, label, detail: turn ? `${who} · ${turn}` : who };
    }
  }
}

/** A part of the chip or of a list badge: an element and its class; `decorative`: hidden from assistive technology. */
export function part<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, className: string, decorative = false): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag);
  el.className = className;
  if (decorative) el.setAttribute('aria-hidden', 'true');
  return el;
}

/** The button of the chip and of a list badge: hidden until there is something to say; a status dot, then `parts`. */
export function statusButton(doc: Document, className: string, ...parts: HTMLElement[]): HTMLButtonElement {
  const button = part(doc, 'button', className);
  button.type = 'button';
  button.hidden = true;
  button.append(part(doc, 'span', 'dot', true), ...parts);
  return button;
}

export interface ChipHandle {
  /** Shows `state`, or hides the chip with null. */
  update(state: ChipView | null): void;
}

/**
 * Whether the user folded the chip to a dot (so it covers nothing of the page), remembered per
 * browser in the extension's own storage (never the page's).
 */
/** The `storage.local` key of the folded chip (a boolean). */
export const CHIP_FOLDED_KEY = 'chipFolded';

export interface ChipMemory {
  load(): Promise<boolean>;
  save(collapsed: boolean): void;
}

/** Builds the chip inside `container` (a shadow root's container); `onOpen` runs on click. */
export function mountChip(container: HTMLElement, onOpen: () => void, memory?: ChipMemory): ChipHandle {
  const doc = container.ownerDocument;
  const label = part(doc, 'span', 'label');
  const sep = part(doc, 'span', 'sep', true);
  sep.textContent = '·';
  const detail = part(doc, 'span', 'detail');
  const button = statusButton(doc, 'chip', label, sep, detail);
  button.addEventListener('click', onOpen);
  // Fold to a dot, and unfold: the chip must never be in the way of the page's own links.
  const fold = part(doc, 'button', 'chip-fold');
  fold.type = 'button';
  fold.textContent = '–';
  fold.setAttribute('aria-label', t('chipCollapse'));
  fold.title = t('chipCollapse');
  const tab = part(doc, 'button', 'chip-tab');
  tab.type = 'button';
  const dock = part(doc, 'div', 'chip-dock');
  dock.append(button, fold, tab);
  container.append(dock);

  let collapsed = false;
  let shown = false;
  function render() {
    dock.hidden = !shown;
    button.hidden = !shown || collapsed;
    fold.hidden = !shown || collapsed;
    tab.hidden = !shown || !collapsed;
  }
  function setCollapsed(next: boolean) {
    collapsed = next;
    memory?.save(next);
    render();
    (next ? tab : button).focus();
  }
  fold.addEventListener('click', () => setCollapsed(true));
  tab.addEventListener('click', () => setCollapsed(false));
  void memory
    ?.load()
    .then((saved) => {
      collapsed = saved;
      render();
    })
    .catch(() => undefined);
  render();

  return {
    update(state) {
      const content = state ? chipContent(state) : null;
      shown = content !== null;
      render();
      if (!content) return;
      button.dataset.tone = content.tone;
      label.textContent = content.label;
      detail.textContent = content.detail ?? '';
      sep.hidden = !content.detail;
      detail.hidden = !content.detail;
      const text = content.detail ? `${content.label} · ${content.detail}` : content.label;
      button.title = t('chipOpenPanel');
      button.setAttribute('aria-label', `${text}. ${t('chipOpenPanel')}`);
      tab.dataset.tone = content.tone;
      tab.title = t('chipExpand');
      tab.setAttribute('aria-label', `${text}. ${t('chipExpand')}`);
    },
  };
}

/** The chip's styles, scoped by its shadow root. Light and dark follow the system. */
export const CHIP_CSS = `
.chip-dock {
  position: fixed;
  right: 18px;
  bottom: 18px;
  z-index: 2147483646;
  display: flex;
  align-items: center;
  gap: 4px;
}
.chip-dock[hidden] { display: none; }
.chip-fold, .chip-tab {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 22px;
  height: 22px;
  padding: 0;
  border: 1px solid #d9dde4;
  border-radius: 50%;
  background: #ffffff;
  color: #3b424e;
  font: 700 14px/1 system-ui, sans-serif;
  box-shadow: 0 2px 8px rgba(16, 24, 40, 0.16);
  cursor: pointer;
}
.chip-fold { order: -1; }
.chip-fold[hidden], .chip-tab[hidden] { display: none; }
.chip-fold:focus-visible, .chip-tab:focus-visible { outline: 2px solid #2f55d4; outline-offset: 2px; }
.chip-tab::before { content: ''; width: 10px; height: 10px; border-radius: 50%; background: #8a93a3; }
.chip-tab[data-tone='open']::before { background: #1f9d55; }
.chip-tab[data-tone='snoozed']::before, .chip-tab[data-tone='warning']::before { background: #d98b00; }
.chip-tab[data-tone='loading']::before { background: #2f55d4; }
.chip {
  display: inline-flex;
  align-items: center;
  gap: 7px;
  max-width: min(360px, calc(100vw - 36px));
  padding: 7px 14px 7px 11px;
  border: 1px solid #d9dde4;
  border-radius: 999px;
  background: #ffffff;
  color: #1a1d23;
  box-shadow: 0 6px 20px rgba(16, 24, 40, 0.16), 0 1px 3px rgba(16, 24, 40, 0.1);
  font: 600 13px/18px system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  cursor: pointer;
  transition: transform 0.12s ease, box-shadow 0.12s ease;
}
.chip[hidden], .chip [hidden] { display: none; }
.chip:hover { transform: translateY(-1px); box-shadow: 0 10px 26px rgba(16, 24, 40, 0.2), 0 2px 4px rgba(16, 24, 40, 0.1); }
.chip:focus-visible { outline: 2px solid #2f55d4; outline-offset: 3px; }
.dot { width: 9px; height: 9px; border-radius: 50%; background: #8a93a3; flex: none; }
.label { white-space: nowrap; }
.sep { color: #6b7380; }
.detail { font-weight: 500; color: #3b424e; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.chip[data-tone='open'] .dot { background: #1f9d55; box-shadow: 0 0 0 3px #e3f4e9; }
.chip[data-tone='open'] .label { color: #17603a; }
.chip[data-tone='snoozed'] .dot { background: #d98b00; box-shadow: 0 0 0 3px #fdf0d5; }
.chip[data-tone='snoozed'] .label { color: #7a4a00; }
.chip[data-tone='archived'] .dot { background: #8a93a3; box-shadow: 0 0 0 3px #eceef2; }
.chip[data-tone='archived'] .label { color: #4a5261; }
.chip[data-tone='warning'] .dot { background: #d98b00; }
.chip[data-tone='loading'] .dot { background: #2f55d4; animation: pulse 1s ease-in-out infinite alternate; }
@keyframes pulse { from { opacity: 0.35; } to { opacity: 1; } }
@media (prefers-reduced-motion: reduce) { .chip, .chip[data-tone='loading'] .dot { transition: none; animation: none; } }
@media (prefers-color-scheme: dark) {
  .chip-fold, .chip-tab { background: #1e222a; border-color: #3a414d; color: #e8ebf0; }
  .chip { background: #1e222a; border-color: #3a414d; color: #e8ebf0; box-shadow: 0 8px 24px rgba(0, 0, 0, 0.5); }
  .chip:focus-visible { outline-color: #8fabff; }
  .sep { color: #949dab; }
  .detail { color: #c7ced9; }
  .chip[data-tone='open'] .dot { background: #3ccf78; box-shadow: 0 0 0 3px #143020; }
  .chip[data-tone='open'] .label { color: #86dba6; }
  .chip[data-tone='snoozed'] .dot { background: #f0a824; box-shadow: 0 0 0 3px #3a2c0c; }
  .chip[data-tone='snoozed'] .label { color: #f6cd7a; }
  .chip[data-tone='archived'] .dot { box-shadow: 0 0 0 3px #262b33; }
  .chip[data-tone='archived'] .label { color: #c3cad5; }
  .chip[data-tone='loading'] .dot { background: #7d9dff; }
}
`;
