/**
 * Reads the status chip of a profile page. The chip lives in a CLOSED shadow root (the page must not
 * read or rewrite it), which Playwright's locators do not enter; the DevTools protocol does
 * (`DOM.getDocument` with `pierce`). Used by the e2e suite and the demo.
 */
import type { CDPSession, Page } from '@playwright/test';
import { CHIP_HOST_PREFIX } from '../../components/chip/chip';
import { LIST_BADGE_HOST_PREFIX } from '../../components/list-badge/list-badge';

/** One chip-like button found in a shadow root of the page. */
export interface ChipReading {
  /** The host element's tag name (lower case). */
  host: string;
  /** How its shadow root was attached. */
  mode: 'open' | 'closed' | 'user-agent';
  /** The button's `aria-label` (its accessible name), or null. */
  label: string | null;
  /** The button's visible text (label, separator, detail). */
  text: string;
  /** The button carries `hidden`: nothing shows. */
  hidden: boolean;
}

/** What `DOM.getDocument` returns, as far as read here. */
interface DomNode {
  nodeType: number;
  backendNodeId?: number;
  nodeName: string;
  localName?: string;
  nodeValue?: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: (DomNode & { shadowRootType?: 'open' | 'closed' | 'user-agent' })[];
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();

function sessionOf(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

function attribute(node: DomNode, name: string): string | null {
  const attrs = node.attributes ?? [];
  for (let i = 0; i + 1 < attrs.length; i += 2) if (attrs[i] === name) return attrs[i + 1] ?? '';
  return null;
}

function textOf(node: DomNode): string {
  if (node.nodeType === 3) return node.nodeValue ?? '';
  return (node.children ?? []).map(textOf).join('');
}

function* elements(node: DomNode): Generator<DomNode> {
  if (node.nodeType === 1) yield node;
  for (const child of node.children ?? []) yield* elements(child);
}

/** Every button with class `chip` inside any shadow root of the page, with its host. */
export async function readChips(page: Page): Promise<ChipReading[]> {
  const session = await sessionOf(page);
  const { root } = (await session.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const found: ChipReading[] = [];
  const visit = (node: DomNode) => {
    for (const shadow of node.shadowRoots ?? []) {
      for (const el of elements(shadow)) {
        if (el.localName !== 'button' || !(attribute(el, 'class') ?? '').split(/\s+/).includes('chip')) continue;
        found.push({
          host: node.localName ?? node.nodeName.toLowerCase(),
          mode: shadow.shadowRootType ?? 'open',
          label: attribute(el, 'aria-label'),
          text: textOf(el).replace(/\s+/g, ' ').trim(),
          hidden: attribute(el, 'hidden') !== null,
        });
      }
      visit(shadow);
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(root);
  return found;
}

const HOST_NAME = new RegExp(`^${CHIP_HOST_PREFIX}-[0-9a-z]+$`);

/** The extension's own chip: a host named like the extension's, with a closed shadow root. */
export function isExtensionChip(reading: ChipReading): boolean {
  return reading.mode === 'closed' && HOST_NAME.test(reading.host);
}

/**
 * The accessible name of the extension's chip ("Open · Ada Lovelace. Open the lead panel"), or null
 * when the page shows none (no chip yet, or hidden). Throws if the page holds two of them.
 */
export async function chipLabel(page: Page): Promise<string | null> {
  const chips = (await readChips(page)).filter(isExtensionChip);
  if (chips.length > 1) throw new Error(`${chips.length} extension chips on ${page.url()}`);
  const [chip] = chips;
  return chip && !chip.hidden ? chip.label : null;
}

/** One list badge of the page, with the href of the link it stands beside. */
export interface BadgeReading {
  label: string | null;
  text: string;
  /** The `href` attribute of the link just before the badge's host. */
  href: string | null;
  mode: 'open' | 'closed' | 'user-agent';
  /** Shown as its status dot alone (no room for its words beside the link). */
  compact: boolean;
  /** The words of its hover and focus card. */
  tip: string;
  /** The button's node, for `badgeBox`. */
  node: number | undefined;
  /** Its hover card's node, for `badgeBox(page, {node: tipNode})` while the card shows. */
  tipNode: number | undefined;
}

const BADGE_HOST = new RegExp(`^${LIST_BADGE_HOST_PREFIX}-[0-9a-z]+$`);

/** The list badges the page shows now (hidden ones, still unknown, are left out). */
export async function readBadges(page: Page): Promise<BadgeReading[]> {
  const session = await sessionOf(page);
  const { root } = (await session.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const found: BadgeReading[] = [];
  const visit = (node: DomNode) => {
    const children = node.children ?? [];
    children.forEach((child, i) => {
      if (!BADGE_HOST.test(child.localName ?? '')) return;
      const shadow = child.shadowRoots?.[0];
      const button = shadow ? [...elements(shadow)].find((el) => el.localName === 'button') : undefined;
      if (!shadow || !button || attribute(button, 'hidden') !== null) return;
      const link = children.slice(0, i).reverse().find((c) => c.nodeType === 1);
      found.push({
        label: attribute(button, 'aria-label'),
        text: textOf(button).replace(/\s+/g, ' ').trim(),
        href: link && link.localName === 'a' ? attribute(link, 'href') : null,
        mode: shadow.shadowRootType ?? 'open',
        compact: (attribute(button, 'class') ?? '').split(/\s+/).includes('compact'),
        tip: [...elements(shadow)].filter((el) => (attribute(el, 'class') ?? '').split(/\s+/).includes('tip')).map(textOf).join(''),
        node: button.backendNodeId,
        tipNode: [...elements(shadow)].find((el) => (attribute(el, 'class') ?? '').split(/\s+/).includes('tip'))?.backendNodeId,
      });
    });
    for (const shadow of node.shadowRoots ?? []) visit(shadow);
    for (const child of children) visit(child);
  };
  visit(root);
  return found;
}

/** Where a badge's button is drawn (its border box, in the page's CSS pixels), read through its closed root. */
export async function badgeBox(page: Page, badge: Pick<BadgeReading, 'node'>): Promise<{ x: number; y: number; width: number; height: number }> {
  const session = await sessionOf(page);
  const { model } = (await session.send('DOM.getBoxModel', { backendNodeId: badge.node })) as { model: { border: number[] } };
  const xs = model.border.filter((_, i) => i % 2 === 0);
  const ys = model.border.filter((_, i) => i % 2 === 1);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}
