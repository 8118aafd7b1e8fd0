/**
 * One reading of the person for every form of the panel (Find by name, Make this profile a lead,
 * Enrich): the name the page showed, split in two, or, as the last resort, the profile address's
 * slug without its id suffix. A suggestion only: the forms show it, the user edits and sends it.
 */
import { isMemberToken } from './canonical-url';

/** Particles that belong to the last name ("Ludwig van Beethoven" → "Ludwig", "van Beethoven"). */
const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'di', 'da', 'du', 'des', 'la', 'le', 'dos', 'das', 'ter', 'ten', 'bin', 'ibn', 'al', 'el', 'zu', 'y']);

/**
 * The name a slug spells, as a last resort: words of letters only, capitalised; the id suffix the
 * network appends ("eva-keller-2bd4ef", "sam-rivera-1984") and any word with a digit dropped; a
 * member token ("ACoAA…") spells no name.
 */
export function nameFromSlug(slug: string): string {
  if (isMemberToken(slug)) return '';
  return slug
    .split(/[-_.\s]+/)
    .filter((w) => w !== '' && !/\d/.test(w))
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** A full name in two: the last word (with its particles) is the last name. */
export function splitName(fullName: string): [string, string] {
  const words = fullName.split(/\s+/).filter(Boolean);
  if (words.length === 0) return ['', ''];
  if (words.length === 1) return [words[0]!, ''];
  let cut = words.length - 1;
  while (cut > 1 && PARTICLES.has(words[cut - 1]!.toLowerCase())) cut--;
  return [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
}

/** What the page suggested about the person, as the panel receives it. */
export interface PageWords {
  displayName?: string;
  company?: string;
  jobTitle?: string;
}

export type ReadField = 'firstname' | 'lastname' | 'company' | 'jobTitle';

export interface PersonReading {
  firstname: string;
  lastname: string;
  company: string;
  jobTitle: string;
  /** Where the name came from: the page, the address (last resort), or nowhere. */
  nameFrom: 'page' | 'address' | 'none';
  /** The fields nothing could be read for: the forms say so and let the user type them. */
  missing: ReadField[];
}

/** The one reading of the person every form of the panel starts from. */
export function personReading(words: PageWords, slug = ''): PersonReading {
  const fromPage = words.displayName?.trim() ?? '';
  const fromSlug = fromPage ? '' : nameFromSlug(slug);
  const [firstname, lastname] = splitName(fromPage || fromSlug);
  const company = words.company?.trim() ?? '';
  const jobTitle = words.jobTitle?.trim() ?? '';
  const fields: Record<ReadField, string> = { firstname, lastname, company, jobTitle };
  return {
    firstname,
    lastname,
    company,
    jobTitle,
    nameFrom: fromPage ? 'page' : fromSlug ? 'address' : 'none',
    missing: (Object.keys(fields) as ReadField[]).filter((f) => fields[f] === ''),
  };
}
