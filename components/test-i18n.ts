/** Component tests read the real English catalogue (the browser's i18n API is not there in happy-dom). */
import en from '../public/_locales/en/messages.json';
import { useCatalog, type Catalog } from './i18n';

export function useEnglish(locale = 'en-GB'): void {
  useCatalog(en as Catalog, locale);
}
