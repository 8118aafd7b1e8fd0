/** Component tests read the real catalogues (the browser's i18n API is not there in happy-dom). */
import en from '../public/_locales/en/messages.json';
import fr from '../public/_locales/fr/messages.json';
import { useCatalog, type Catalog } from './i18n';

export function useEnglish(locale = 'en-GB'): void {
  useCatalog(en as Catalog, locale);
}

export function useFrench(locale = 'fr-FR'): void {
  useCatalog(fr as Catalog, locale);
}
