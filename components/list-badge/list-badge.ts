/**
 * The badge beside a listed profile's name link, e.g. "● Replied". Plain DOM in a closed shadow root,
 * like the chip: it runs in every list page, and the page can neither read nor restyle it. Its host
 * takes no room (zero width and height, the mark drawn beside it), so it never shifts the page's
 * layout; nothing shows until the background knows the profile's state.
 */
import type { ListBadge } from '../../lib/views';
import { formatDate, formatDayMonth } from '../format';
import { turnText } from '../live/turn-text';
import { t } from '../i18n';
import { BADGE_GAP_PX, badgeFit } from '../../lib/content/list-links-core';
import { CHIP_HOST_PREFIX, chipHostName, part, statusButton, type ChipTone } from '../chip/chip';

/** What a badge's host element is called, followed by a random part drawn on every page load. */
export const LIST_BADGE_HOST_PREFIX = 'outreach-companion-badge';

/** A page cannot define (and so claim) a custom element of a name it cannot know: see `chipHostName`. */
export function listBadgeHostName(random: () => number = Math.random): string {
  return chipHostName(random).replace(CHIP_HOST_PREFIX, LIST_BADGE_HOST_PREFIX);
}

/** What a listed profile's badge says. `linkText`: the name the link shows (bounded; page text, shown only here). */
export interface BadgeContent {
  tone: Exclude<ChipTone, 'warning' | 'loading'> | 'none';
  /** The few words on the badge. */
  text: string;
  /** Its accessible name: the panel's state word first, then the person. */
  label: string;
  /** Shown on hover and focus: campaign and last message date; null for a profile with no conversation. */
  details: string[] | null;
}

export function badgeContent(badge: ListBadge, linkText: string | undefined): BadgeContent {
  const person = (badge.kind === 'lead' ? badge.name : undefined) ?? linkText ?? '';
  const named = (state: string) => (person ? t('listBadgeLabel', state, person) : state);
  if (badge.kind === 'no-lead') return { tone: 'none', text: t('listBadgeNotLead'), label: named(t('listBadgeNotLead')), details: null };

  const leads = badge.leads > 1 ? t('listBadgeLeads', badge.leads) : null;
  const more = badge.more > 0 ? t('listBadgeMore', badge.more) : null;
  const join = (...parts: (string | null)[]) => parts.filter(Boolean).join(' ');
  if (!badge.status) {
    const word = t('chipNoConversation');
    return { tone: 'neutral', text: leads ?? word, label: named(join(leads ?? word)), details: null };
  }
  let word: string;
  let text: string;
  let tone: BadgeContent['tone'];
  if (badge.status === 'OPEN') {
    tone = 'open';
    // Whose turn (issue 36) when the last message says it; else the campaign's reply status.
    const turn = turnText({ lastMessageStatus: badge.lastMessageStatus ?? null, lastMessageAt: badge.lastMessageAt ?? null }, Date.now());
    word = turn ?? (badge.replied ? t('listBadgeOpenReplied') : t('statusOpen'));
    text = turn ?? (badge.replied ? t('listBadgeReplied') : t('statusOpen'));
  } else if (badge.status === 'SNOOZED') {
    tone = 'snoozed';
    word = badge.snoozeUntil !== undefined ? t('statusSnoozedUntil', formatDate(badge.snoozeUntil)) : t('statusSnoozed');
    text = badge.snoozeUntil !== undefined ? t('listBadgeSnoozed', formatDayMonth(badge.snoozeUntil)) : t('statusSnoozed');
  } else {
    tone = 'archived';
    word = t('statusArchived');
    text = word;
  }
  const details = [
    ...(badge.campaign ? [t('listBadgeCampaign', badge.campaign)] : []),
    badge.lastMessageAt !== undefined ? t('listBadgeLastMessage', formatDate(badge.lastMessageAt)) : t('listBadgeNoMessage'),
  ];
  return { tone, text: join(leads, text, more), label: named(join(leads, word, more)), details };
}

export interface ListBadgeHandle {
  /** The host element to place beside the link. */
  readonly host: HTMLElement;
  /**
   * Shows a badge (null: nothing, while the state is unknown). `room`: px free after the link's end,
   * read by the caller before any write; a badge wider than that shows its dot alone. `rtl`: the
   * link's line runs right to left (its end, and the badge, on its left). `shift`: px from the link's
   * end to the badge, past the text that follows the link on its line (the badge must not cover it).
   */
  update(badge: ListBadge | null, linkText: string | undefined, room?: number, rtl?: boolean, shift?: number): void;
}

/** The badge's font, as in `LIST_BADGE_CSS`: its words are measured with it, without laying out the page. */
const BADGE_FONT = "600 11px system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
/** Border, padding, dot and gap around the words (see `LIST_BADGE_CSS`); `none` has no dot. */
const FULL_CHROME_PX = 2 + 14 + 7 + 5;
const NONE_CHROME_PX = 2 + 14;
/** The compact badge: the dot in a 3px padding and a 1px border. */
export const COMPACT_BADGE_PX = 2 + 6 + 7;

const widths = new Map<string, number>();
let measurer: CanvasRenderingContext2D | null | undefined;
/** The width of a badge's words, by a canvas (no layout of the page), remembered per text. */
function textWidth(doc: Document, text: string): number {
  let width = widths.get(text);
  if (width !== undefined) return width;
  if (measurer === undefined) {
    measurer = doc.createElement('canvas').getContext('2d');
    if (measurer) measurer.font = BADGE_FONT;
  }
  // No canvas (a test DOM): a wide glyph per character, so that a badge errs towards compact.
  width = Math.ceil(measurer ? measurer.measureText(text).width : text.length * 7) + 1;
  widths.set(text, width);
  return width;
}

/** The card keeps this far from the window's edges. */
const TIP_MARGIN_PX = 8;
/** From below its badge to above it: the card's top sits 14 px under the badge's middle (`.tip`), its bottom goes 14 px over. */
const TIP_FLIP_PX = 28;

/**
 * How far a badge's hover card must move to stay inside the window (issue 34: cut at the right edge):
 * sideways back inside, whichever side it ran off (left to right or right to left), and above its
 * badge when there is no room below and there is above. `card`: where it is drawn unmoved.
 */
export function tipShift(
  card: { left: number; right: number; top: number; bottom: number },
  view: { width: number; height: number },
): { x: number; y: number } {
  let x = 0;
  if (card.right > view.width - TIP_MARGIN_PX) x = view.width - TIP_MARGIN_PX - card.right;
  if (card.left + x < TIP_MARGIN_PX) x = TIP_MARGIN_PX - card.left;
  const height = card.bottom - card.top;
  const above = card.top - TIP_FLIP_PX - height;
  const y = card.bottom > view.height - TIP_MARGIN_PX && above >= TIP_MARGIN_PX ? -(TIP_FLIP_PX + height) : 0;
  return { x, y };
}

/** Moves the card inside the window as it shows (pointer or focus on the badge), measured unmoved. */
function placeTip(doc: Document, tip: HTMLElement): void {
  tip.style.translate = '';
  if (tip.hidden) return;
  // Measured even when the hover style has not applied yet: shown for the measure, then left to the CSS.
  const shown = tip.style.display;
  tip.style.display = 'flex';
  const rect = tip.getBoundingClientRect();
  tip.style.display = shown;
  const view = { width: doc.documentElement.clientWidth, height: doc.documentElement.clientHeight };
  const { x, y } = tipShift(rect, view);
  if (x !== 0 || y !== 0) tip.style.translate = `${x}px ${y}px`;
}

/**
 * Builds a badge in a closed shadow root under a host named `hostName` (a custom element name drawn
 * anew on every page load, see `chipHostName`); `onOpen` runs on its click, within the user gesture.
 */
export function createListBadge(doc: Document, hostName: string, onOpen: () => void): ListBadgeHandle {
  const host = doc.createElement(hostName);
  const root = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = LIST_BADGE_CSS;
  const text = part(doc, 'span', 'text');
  const button = statusButton(doc, 'badge', text);
  const tip = part(doc, 'span', 'tip');
  tip.setAttribute('role', 'tooltip');
  tip.id = 'tip';
  tip.hidden = true;
  for (const type of ['mouseenter', 'focus']) button.addEventListener(type, () => placeTip(doc, tip));
  button.addEventListener('click', (event) => {
    // The link beside it must not be followed: the list stays where it is.
    event.preventDefault();
    event.stopPropagation();
    onOpen();
  });
  root.append(style, button, tip);

  return {
    host,
    update(badge, linkText, room = Infinity, rtl = false, shift = 0) {
      // The host sits after the link in the line's order: on its left when the line runs right to left.
      host.toggleAttribute('data-rtl', rtl);
      for (const el of [button, tip]) el.style.setProperty('--shift', `${shift}px`);
      const content = badge ? badgeContent(badge, linkText) : null;
      const full = content ? textWidth(doc, content.text) + (content.tone === 'none' ? NONE_CHROME_PX : FULL_CHROME_PX) : 0;
      const fit = content && room !== Infinity ? badgeFit(room, full, COMPACT_BADGE_PX) : 'full';
      if (!content || fit === 'hidden') {
        button.hidden = true;
        tip.hidden = true;
        return;
      }
      const compact = fit === 'compact';
      button.hidden = false;
      button.dataset.tone = content.tone;
      button.classList.toggle('compact', compact);
      text.textContent = content.text;
      button.setAttribute('aria-label', content.label);
      // A compact badge's words move to its hover and focus card, above the details.
      const lines = [...(compact ? [content.text] : []), ...(content.details ?? [])];
      tip.replaceChildren(...lines.map((line) => Object.assign(doc.createElement('span'), { textContent: line })));
      tip.classList.toggle('compact', compact);
      tip.hidden = lines.length === 0;
      if (lines.length > 0) button.setAttribute('aria-describedby', 'tip');
      else button.removeAttribute('aria-describedby');
    },
  };
}

/** The badge's styles, scoped by its shadow root: the site's type scale, light and dark. */
export const LIST_BADGE_CSS = `
:host { all: initial; display: inline-block; position: relative; width: 0; height: 0; vertical-align: middle; }
/* Its card over the badges of the next lines (each a host of its own, later in the page). */
:host(:hover), :host(:focus-within) { z-index: 2147483646; }
.badge {
  position: absolute; left: calc(${BADGE_GAP_PX}px + var(--shift, 0px)); top: 50%; transform: translateY(-50%);
  display: inline-flex; align-items: center; gap: 5px; white-space: nowrap;
  padding: 1px 8px 1px 6px; border: 1px solid #dcdfe4; border-radius: 999px;
  background: #f7f8fa; color: #3b424e; cursor: pointer;
  font: 600 11px/16px system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
}
/* The words are the extension's (English, French): left to right whatever the page's direction. */
.badge, .tip { direction: ltr; unicode-bidi: isolate; }
.badge[hidden], .tip[hidden] { display: none; }
.badge.compact { padding: 3px; gap: 0; }
.badge.compact .text { display: none; }
.badge[data-tone='none'].compact .dot { display: block; background: transparent; border: 1.5px solid #a3aab5; box-sizing: border-box; }
.badge:hover { border-color: #b9bfc9; }
.badge:focus-visible { outline: 2px solid #2f55d4; outline-offset: 2px; }
.dot { width: 7px; height: 7px; border-radius: 50%; background: #8a93a3; flex: none; }
.badge[data-tone='open'] { background: #eaf6ef; border-color: #c4e6d1; color: #17603a; }
.badge[data-tone='open'] .dot { background: #1f9d55; }
.badge[data-tone='snoozed'] { background: #fdf4e2; border-color: #f1dcae; color: #7a4a00; }
.badge[data-tone='snoozed'] .dot { background: #d98b00; }
.badge[data-tone='archived'] { background: #f1f2f4; border-color: #dcdfe4; color: #4a5261; }
.badge[data-tone='neutral'] .dot { background: transparent; border: 1.5px solid #8a93a3; box-sizing: border-box; }
.badge[data-tone='none'] { background: transparent; border-style: dashed; color: #6b7380; font-weight: 500; }
.badge[data-tone='none'] .dot { display: none; }
.tip {
  position: absolute; left: calc(6px + var(--shift, 0px)); top: 14px; z-index: 2147483646; display: none;
  flex-direction: column; gap: 2px; padding: 6px 10px; border-radius: 6px; white-space: nowrap;
  background: #1f2329; color: #f3f4f6; box-shadow: 0 4px 14px rgba(16, 24, 40, 0.25);
  font: 500 12px/16px system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
}
/* Beside a compact badge there is no room to the right: its card opens leftwards, over the name. */
.tip.compact { left: auto; right: calc(-${BADGE_GAP_PX + COMPACT_BADGE_PX}px - var(--shift, 0px)); }
/* Right to left, the badge and its card sit on the link's left (and a compact one's card opens rightwards). */
:host([data-rtl]) .badge { left: auto; right: calc(${BADGE_GAP_PX}px + var(--shift, 0px)); }
:host([data-rtl]) .tip { left: auto; right: calc(6px + var(--shift, 0px)); }
:host([data-rtl]) .tip.compact { right: auto; left: calc(-${BADGE_GAP_PX + COMPACT_BADGE_PX}px - var(--shift, 0px)); }
.badge:hover + .tip:not([hidden]), .badge:focus-visible + .tip:not([hidden]) { display: flex; }
@media (prefers-color-scheme: dark) {
  .badge { background: #262b33; border-color: #3a414d; color: #c7ced9; }
  .badge:hover { border-color: #5a6270; }
  .badge:focus-visible { outline-color: #8fabff; }
  .badge[data-tone='open'] { background: #143020; border-color: #1f4a31; color: #86dba6; }
  .badge[data-tone='open'] .dot { background: #3ccf78; }
  .badge[data-tone='snoozed'] { background: #3a2c0c; border-color: #5a4512; color: #f6cd7a; }
  .badge[data-tone='snoozed'] .dot { background: #f0a824; }
  .badge[data-tone='archived'] { background: #2a2f37; border-color: #3a414d; color: #c3cad5; }
  .badge[data-tone='none'] { background: transparent; color: #949dab; }
  .badge[data-tone='none'].compact .dot { border-color: #6b7380; }
  .tip { background: #e8ebf0; color: #1a1d23; }
}
`;
