/**
 * People of the look-alike site who are nobody's lead: they fill search results, the feed and
 * company pages between the demo's leads, so that lists mix leads and non-leads as the real network
 * does. Deterministic (its own PRNG stream: the rest of the demo is unchanged by it); half of them
 * work at the companies of the given profiles, so company pages mix too.
 */
import type { PronetProfile } from '../model';
import { createRng, type Rng } from './prng';
import { aboutText, companyPool, headline, jobTitle, personName, pickLocation, slugify, type PersonName } from './people';
import type { BuildContext } from './workspace';

/** How many non-lead people the demo's site lists besides its leads. */
export const LIST_PEOPLE_COUNT = 160;

export function listPeople(ctx: BuildContext, colleaguesOf: readonly PronetProfile[], count = LIST_PEOPLE_COUNT): PronetProfile[] {
  const rng = createRng('list-people');
  const others = companyPool(rng.fork('companies'), 30);
  const known = [...new Set(colleaguesOf.map((p) => p.companyName))];
  const out: PronetProfile[] = [];
  for (let i = 0; i < count; i++) {
    const name = personName(rng);
    const slug = freeSlug(rng, name, ctx.slugs);
    const other = rng.pick(others);
    const company = known.length > 0 && rng.chance(0.5) ? rng.pick(known) : other.name;
    out.push(personAt(rng, name, slug, company, other.industry));
  }
  return out;
}

/** A slug for `name` not in `taken` (then taken). */
function freeSlug(rng: Rng, name: PersonName, taken: Set<string>): string {
  let slug: string;
  do slug = `${slugify(name.firstname)}-${slugify(name.lastname)}-${rng.hex(6)}`;
  while (taken.has(slug));
  taken.add(slug);
  return slug;
}

/** The rest of a listed person, drawn in this order (the demo's world depends on it). */
function personAt(rng: Rng, name: PersonName, slug: string, company: string, industry: string): PronetProfile {
  const title = jobTitle(rng);
  return {
    slug,
    firstname: name.firstname,
    lastname: name.lastname,
    headline: headline(rng, title, company),
    companyName: company,
    location: pickLocation(rng),
    about: aboutText(rng, { company, industry }),
    picture: null,
  };
}

/** Most people one `crowdPeople` call makes: each a name of their own (80 first names × 50 last names). */
export const CROWD_MAX = 2_000;

/**
 * `count` more people of the look-alike site, all at `company` (their headline says it): a search for
 * the company's name then lists exactly them (control API `POST /_emulator/people`; the bench's
 * searches of 40, 200 and 1,000 results). Each has a name no other of them has: the service merges
 * two rows of one name at one company into one lead, which would make the search's count a lie.
 * Deterministic for a company; slugs not in `taken`.
 */
export function crowdPeople(company: string, count: number, taken: ReadonlySet<string>): PronetProfile[] {
  const rng = createRng(`crowd:${company}`);
  const slugs = new Set(taken);
  const names = new Set<string>();
  const out: PronetProfile[] = [];
  for (let i = 0; i < count; i++) {
    let name = personName(rng);
    while (names.has(`${name.firstname} ${name.lastname}`)) name = personName(rng);
    names.add(`${name.firstname} ${name.lastname}`);
    out.push(personAt(rng, name, freeSlug(rng, name, slugs), company, 'Software'));
  }
  return out;
}
