/** The push channel: what the background posts to the panels, the options page, the queues and the content scripts. */
import { z } from 'zod/mini';
import {
  ChipState,
  InboxPreviewView,
  InboxRowView,
  ListBadge,
  OutboxItemView,
  PanelState,
  ThisPageView,
} from '../views';
import { tabId, isRecord } from './fields';

export const PANEL_PORT = 'panel';
export const OUTBOX_PORT = 'outbox';

/** Panel → background over a PANEL_PORT port. */
export const PanelSubscribe = z.object({ subscribe: tabId });
export type PanelSubscribe = z.infer<typeof PanelSubscribe>;

/** Background → panel over a PANEL_PORT port. */
export const PanelPush = z.object({ type: z.literal('panel-state'), tabId, state: PanelState });
export type PanelPush = z.infer<typeof PanelPush>;

/** Background → options page over an OUTBOX_PORT port. */
export const OutboxPush = z.object({ type: z.literal('outbox'), items: z.array(OutboxItemView) });
export type OutboxPush = z.infer<typeof OutboxPush>;

/** The state a PANEL_PORT push carries for `tabId`, or undefined (the envelope checked by hand, as replies are). */
export function panelPushState(raw: unknown, tabId: number): PanelState | undefined {
  if (!isRecord(raw) || raw.type !== 'panel-state' || raw.tabId !== tabId || !isRecord(raw.state)) return undefined;
  return raw.state as PanelState;
}

/** The items an OUTBOX_PORT push carries, or undefined. */
export function outboxPushItems(raw: unknown): OutboxPush['items'] | undefined {
  return isRecord(raw) && raw.type === 'outbox' && Array.isArray(raw.items) ? (raw.items as OutboxPush['items']) : undefined;
}

// Live replies (issue 36): background → the open queues over a LIVE_PORT port, a row a relayed event changed.
export const LIVE_PORT = 'live';
export const LivePush = z.object({ type: z.literal('inbox-live'), row: InboxRowView, preview: z.nullable(InboxPreviewView) });
export type LivePush = z.infer<typeof LivePush>;
/** The row (and its preview) a LIVE_PORT push carries, or undefined. */
export function livePushRow(raw: unknown): Omit<LivePush, 'type'> | undefined {
  return isRecord(raw) && raw.type === 'inbox-live' && isRecord(raw.row) ? (raw as LivePush) : undefined;
}

/** Background → content script via `tabs.sendMessage`. */
export const ChipPush = z.object({ type: z.literal('chip-state'), state: ChipState });
export type ChipPush = z.infer<typeof ChipPush>;

/** Background → content script via `tabs.sendMessage`: badges resolved or changed for listed profiles. */
export const ListBadgePush = z.object({ type: z.literal('list-badges'), badges: z.array(ListBadge) });
export type ListBadgePush = z.infer<typeof ListBadgePush>;

// Issue 34, the toolbar count pushed: the popup's "N waiting" follows the count as it moves (a
// reply, an archive), instead of the number it read when it opened.
/** Background → extension pages via `runtime.sendMessage` (a page not open just misses it). */
export const InboxCountPush = z.object({ type: z.literal('inbox-count-changed'), count: z.nullable(z.number()) });
export type InboxCountPush = z.infer<typeof InboxCountPush>;

/** The count an `inbox-count-changed` push carries (null: not known), or undefined for any other message. */
export function inboxCountPushed(raw: unknown): number | null | undefined {
  if (!isRecord(raw) || raw.type !== 'inbox-count-changed') return undefined;
  return raw.count === null || (typeof raw.count === 'number' && Number.isFinite(raw.count)) ? raw.count : undefined;
}

// Issue 42: "This page" pushed like every other view (it was read every 700 ms), and the page's people
// read by the content script only while such a view shows.
export const THIS_PAGE_PORT = 'this-page';
/** Background → panel over a THIS_PAGE_PORT port (the panel posts `{subscribe: tabId}` first). */
export const ThisPagePush = z.object({ type: z.literal('this-page'), tabId, view: ThisPageView });
export type ThisPagePush = z.infer<typeof ThisPagePush>;
/** The view a THIS_PAGE_PORT push carries for `tabId`, or undefined. */
export function thisPagePushView(raw: unknown, tabId: number): ThisPageView | undefined {
  if (!isRecord(raw) || raw.type !== 'this-page' || raw.tabId !== tabId || !isRecord(raw.view)) return undefined;
  return raw.view as ThisPageView;
}
/** Background → content script via `tabs.sendMessage`: whether a "This page" view wants the page's people. */
export const PagePeopleWanted = z.object({ type: z.literal('page-people-wanted'), wanted: z.boolean() });
export type PagePeopleWanted = z.infer<typeof PagePeopleWanted>;
/** Whether a message says the page's people are wanted (true/false), or undefined for any other message. */
export function pagePeopleWanted(raw: unknown): boolean | undefined {
  return isRecord(raw) && raw.type === 'page-people-wanted' && typeof raw.wanted === 'boolean' ? raw.wanted : undefined;
}
