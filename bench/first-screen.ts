/**
 * The panel's first screen (issue 45): how far down the one-click acts sit, in px from the panel's
 * top, on Ada Lovelace's panel (Archive, Snooze, Append to note, Reply) and on a non-lead's (Add to
 * audience, Enrich), at 320, 400 and 600 px wide, in English and French. A figure at or under 700
 * (the height of a docked side panel on a laptop) is on the first screen. Layout, not time: the same on
 * any machine. `FIRST_SCREEN_BEFORE` is this measure run on the build before issue 45 (`846f1b6`),
 * where Reply and Append were the reply box and the append box at the end of the panel.
 */
import type { Page } from '@playwright/test';
import { catalogueMessage, configure, optionLabels } from '../scripts/extension-session';
import { launchWithExtension } from '../test/e2e/browser';
import type { RunningEmulator } from '../emulator/server';
import { proWorkspace, resetDemo } from './emulator-control';
import { BENCH_EXTENSION_DIR } from './extension';

export const FIRST_SCREEN_WIDTHS = [320, 400, 600] as const;
export const FIRST_SCREEN_HEIGHT = 700;
const LOCALES = ['en', 'fr'] as const;

/**
 * The acts measured, by the catalogue's words: a button of that name, or (before issue 45) a box of that
 * label; the first of the words found (before issue 45 Snooze was the picker's own button).
 */
const ACTS: Record<'lead' | 'nonLead', Record<string, readonly string[]>> = {
  lead: { Archive: ['archive'], Snooze: ['snoozeMenu', 'snoozeSection'], Append: ['appendLabel'], Reply: ['replyLabel'] },
  nonLead: { 'Add to audience': ['addToAudience'], Enrich: ['enrich'] },
};

export interface FirstScreenRow {
  locale: string;
  width: number;
  /** px from the panel's top to the bottom of each act (null: not found). */
  lead: Record<string, number | null>;
  nonLead: Record<string, number | null>;
}

async function bottomOf(page: Page, words: string): Promise<number | null> {
  const target = page.getByRole('button', { name: words, exact: true }).or(page.getByLabel(words, { exact: true })).first();
  if ((await target.count()) === 0) return null;
  return target.evaluate((el) => Math.round(el.getBoundingClientRect().bottom + window.scrollY));
}

async function measure(page: Page, locale: string, acts: Record<string, readonly string[]>): Promise<Record<string, number | null>> {
  const out: Record<string, number | null> = {};
  for (const [name, keys] of Object.entries(acts)) {
    out[name] = null;
    for (const key of keys) {
      const words = catalogueMessage(locale, key);
      out[name] = await bottomOf(page, words);
      if (out[name] !== null) break;
    }
  }
  return out;
}

export async function firstScreenBench(emulator: RunningEmulator, opts: { extensionDir?: string; log?: (line: string) => void } = {}): Promise<FirstScreenRow[]> {
  const log = opts.log ?? (() => undefined);
  const rows: FirstScreenRow[] = [];
  const pronet = `http://pronet.localhost:${new URL(emulator.origin).port}`;
  for (const locale of LOCALES) {
    const ws = proWorkspace(await resetDemo(emulator.origin));
    const launched = await launchWithExtension({ extensionDir: opts.extensionDir ?? BENCH_EXTENSION_DIR, locale: locale === 'fr' ? 'fr-FR' : 'en-US', ...(locale === 'fr' ? { uiLanguage: 'fr' } : {}) });
    try {
      const origin = `chrome-extension://${launched.extensionId}`;
      const options = await launched.context.newPage();
      await configure(options, origin, ws.apiKey, emulator.baseUrl, optionLabels(locale));
      const panelOf = async (slug: string, ready: string) => {
        const profile = await launched.context.newPage();
        await profile.goto(`${pronet}/in/${slug}/`);
        await profile.bringToFront();
        // The profile's tab is the one in front.
        const tabId = await launched.serviceWorker.evaluate(async () => {
          const { chrome } = globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<{ id?: number }[]> } } };
          return (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id ?? null;
        });
        const panel = await launched.context.newPage();
        await panel.setViewportSize({ width: 400, height: FIRST_SCREEN_HEIGHT });
        await panel.goto(`${origin}/sidepanel.html?tab=${tabId}`);
        await panel.getByRole('button', { name: catalogueMessage(locale, ready), exact: true }).or(panel.getByLabel(catalogueMessage(locale, ready), { exact: true })).first().waitFor({ timeout: 30_000 });
        return panel;
      };
      const ada = await panelOf('ada-lovelace', 'replyLabel');
      const margaret = await panelOf('margaret-hamilton', 'addToAudience');
      for (const width of FIRST_SCREEN_WIDTHS) {
        await ada.setViewportSize({ width, height: FIRST_SCREEN_HEIGHT });
        await margaret.setViewportSize({ width, height: FIRST_SCREEN_HEIGHT });
        const row = { locale, width, lead: await measure(ada, locale, ACTS.lead), nonLead: await measure(margaret, locale, ACTS.nonLead) };
        log(`first screen: ${locale} ${width} px: ${JSON.stringify(row.lead)} ${JSON.stringify(row.nonLead)}`);
        rows.push(row);
      }
    } finally {
      await launched.context.close().catch(() => undefined);
    }
  }
  return rows;
}

/** The same measure on the build before issue 45 (`846f1b6`, 2026-12-06): Reply and Append were boxes at the panel's end. */
export const FIRST_SCREEN_BEFORE: readonly FirstScreenRow[] = [
  { locale: 'en', width: 320, lead: { Archive: 716, Snooze: 943, Append: 1618, Reply: 2918 }, nonLead: { 'Add to audience': 772, Enrich: 1067 } },
  { locale: 'en', width: 400, lead: { Archive: 663, Snooze: 835, Append: 1478, Reply: 2599 }, nonLead: { 'Add to audience': 755, Enrich: 1034 } },
  { locale: 'en', width: 600, lead: { Archive: 663, Snooze: 835, Append: 1395, Reply: 2364 }, nonLead: { 'Add to audience': 739, Enrich: 1001 } },
  { locale: 'fr', width: 320, lead: { Archive: 782, Snooze: 992, Append: 1687, Reply: 2988 }, nonLead: { 'Add to audience': 816, Enrich: 1128 } },
  { locale: 'fr', width: 400, lead: { Archive: 663, Snooze: 873, Append: 1516, Reply: 2637 }, nonLead: { 'Add to audience': 755, Enrich: 1034 } },
  { locale: 'fr', width: 600, lead: { Archive: 663, Snooze: 835, Append: 1446, Reply: 2416 }, nonLead: { 'Add to audience': 739, Enrich: 1017 } },
];

const cell = (after: number | null, before: number | null | undefined) =>
  `${after === null ? '-' : after}${after !== null && after <= FIRST_SCREEN_HEIGHT ? '' : ' **below**'} (${before ?? '-'})`;

/** The section of bench/results.md: px to each act's bottom, after (before), per locale and width. */
export function firstScreenMarkdown(rows: readonly FirstScreenRow[], table: (head: string[], rows: (string | number)[][]) => string[]): string[] {
  const before = (r: FirstScreenRow) => FIRST_SCREEN_BEFORE.find((b) => b.locale === r.locale && b.width === r.width);
  return [
    '',
    '## 8. The first screen (issue 45)',
    '',
    `px from the panel's top to the bottom of each act, after issue 45 (before it, on \`846f1b6\`, in brackets); at or under ${FIRST_SCREEN_HEIGHT} px it is on the first screen of a docked panel ${FIRST_SCREEN_HEIGHT} px high. Ada Lovelace (a lead, one conversation, a note) and Margaret Hamilton (no lead yet). Before issue 45, Reply and Append were the reply box and the append box at the panel's end. Layout, not time: the same on any machine.`,
    '',
    ...table(
      ['Locale', 'Width', 'Archive', 'Snooze', 'Append to note', 'Reply', 'Add to audience', 'Enrich'],
      rows.map((r) => [
        r.locale,
        `${r.width} px`,
        ...['Archive', 'Snooze', 'Append', 'Reply'].map((k) => cell(r.lead[k] ?? null, before(r)?.lead[k])),
        ...['Add to audience', 'Enrich'].map((k) => cell(r.nonLead[k] ?? null, before(r)?.nonLead[k])),
      ]),
    ),
  ];
}
