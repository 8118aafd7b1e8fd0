import { describe, expect, it } from 'vitest';
import en from '../public/_locales/en/messages.json';
import fr from '../public/_locales/fr/messages.json';
import { compactCatalog, formatCatalogMessage, type Catalog } from './i18n';

const SUBSTITUTIONS = ['«one»', '«two»', '«three»', '«four»'];

describe('compactCatalog (the catalogues as they ship)', () => {
  for (const [lang, catalog] of [['en', en], ['fr', fr]] as [string, Catalog][]) {
    it(`${lang}: every message reads the same, with no placeholder left`, () => {
      const compact = compactCatalog(catalog);
      expect(Object.keys(compact)).toEqual(Object.keys(catalog));
      for (const key of Object.keys(catalog)) {
        expect(formatCatalogMessage(compact, key, SUBSTITUTIONS), key).toBe(formatCatalogMessage(catalog, key, SUBSTITUTIONS));
        expect(compact[key]!.placeholders, key).toBeUndefined();
      }
      expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(catalog).length);
    });
  }

  it('folds a placeholder in any case, and keeps those it cannot fold', () => {
    const compact = compactCatalog({
      named: { message: 'Sent to $Name$ by $WHO$ ($name$)', placeholders: { name: { content: '$1' }, who: { content: '$2' } } },
      literal: { message: 'Visit $site$', placeholders: { site: { content: 'example.com' } } },
      dollars: { message: '$$ $amount$', placeholders: { amount: { content: '$1' } } },
      plain: { message: 'No placeholder' },
    });
    expect(compact).toEqual({
      named: { message: 'Sent to $1 by $2 ($1)' },
      literal: { message: 'Visit $site$', placeholders: { site: { content: 'example.com' } } },
      dollars: { message: '$$ $amount$', placeholders: { amount: { content: '$1' } } },
      plain: { message: 'No placeholder' },
    });
  });
});
