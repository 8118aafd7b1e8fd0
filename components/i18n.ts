/**
 * Every string the UI shows goes through `t`. By default it reads the extension's catalogue
 * (`public/_locales/<lang>/messages.json`) through `browser.i18n.getMessage`, so the browser's
 * language picks English or French. Tests (and any host without the i18n API) install a catalogue
 * directly with `useCatalog`.
 */
import { browser } from 'wxt/browser';
import type en from '../public/_locales/en/messages.json';

export type MessageKey = keyof typeof en;

/** A catalogue in the WebExtension `messages.json` format. */
export type Catalog = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;

type Source = { message: (key: string, substitutions: string[]) => string; locale: () => string };

const browserSource: Source = {
  message: (key, substitutions) =>
    (browser.i18n.getMessage as (k: string, s?: string[]) => string)(key, substitutions.length ? substitutions : undefined),
  locale: () => browser.i18n.getUILanguage(),
};

let source: Source = browserSource;

/** The translated message, with `$1`… filled from `substitutions`; the key itself if it is missing. */
export function t(key: MessageKey, ...substitutions: (string | number)[]): string {
  let text = '';
  try {
    text = source.message(key, substitutions.map(String));
  } catch {
    // A content script whose extension was reloaded loses the i18n API; the key still says something.
  }
  return text || key;
}

/**
 * `t` for a message about `n` things: the catalogue's `<key>_one` when the UI language's plural rules
 * make `n` singular ("1 lead", and "0 lead" in French) and the catalogue has it, else `key`.
 */
export function tn(key: MessageKey, n: number, ...substitutions: (string | number)[]): string {
  if (new Intl.PluralRules(uiLocale()).select(n) === 'one') {
    const one = `${key}_one`;
    let text = '';
    try {
      text = source.message(one, substitutions.map(String));
    } catch {
      // As in `t`: the other form still says something.
    }
    if (text) return text;
  }
  return t(key, ...substitutions);
}

/** The UI language (e.g. 'en-US', 'fr'), for dates and numbers. */
export function uiLocale(): string {
  try {
    return source.locale() || 'en';
  } catch {
    return 'en';
  }
}

/**
 * Resolves one message of a catalogue the way browsers do: named `$placeholder$`s become their
 * content, then `$1`…`$9` become the substitutions, and `$$` a dollar sign.
 */
export function formatCatalogMessage(catalog: Catalog, key: string, substitutions: string[]): string {
  const entry = catalog[key];
  if (!entry) return '';
  return expandPlaceholders(entry).replace(/\$(\$|[1-9])/g, (_whole, what: string) => (what === '$' ? '$' : (substitutions[Number(what) - 1] ?? '')));
}

/** The message with each named `$placeholder$` replaced by its content (names match in any case). */
function expandPlaceholders(entry: Catalog[string]): string {
  const placeholders = Object.entries(entry.placeholders ?? {});
  return entry.message.replace(/\$([A-Za-z0-9_@]+)\$/g, (whole, name: string) => placeholders.find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1].content ?? whole);
}

/**
 * The catalogue as the extension ships it (the build writes it, wxt.config.ts): a message whose
 * placeholders each stand for a substitution (`$name$` → `$1`) says `$1` itself and drops them, which
 * browsers read the same (they replace the placeholders first) in fewer bytes. Others (a placeholder
 * with other content, a `$$`) stay as they are, less any field but `message` and `placeholders`.
 */
export function compactCatalog(catalog: Catalog): Catalog {
  const out: Catalog = {};
  for (const [key, entry] of Object.entries(catalog)) {
    const placeholders = Object.values(entry.placeholders ?? {});
    const foldable = placeholders.length > 0 && placeholders.every((p) => /^\$[1-9]$/.test(p.content)) && !entry.message.includes('$$');
    out[key] = foldable
      ? { message: expandPlaceholders(entry) }
      : { message: entry.message, ...(entry.placeholders ? { placeholders: entry.placeholders } : {}) };
  }
  return out;
}

/** Uses `catalog` instead of the browser's i18n API (tests, or a language chosen by the user). */
export function useCatalog(catalog: Catalog, locale = 'en'): void {
  source = { message: (key, subs) => formatCatalogMessage(catalog, key, subs), locale: () => locale };
}

/** Goes back to the browser's i18n API. */
export function useBrowserI18n(): void {
  source = browserSource;
}
