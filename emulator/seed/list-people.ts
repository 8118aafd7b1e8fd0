/**
 * People of the look-alike site who are nobody's lead: they fill search results, the feed and
 * company pages between the demo's leads, so that lists mix leads and non-leads as the real network
 * does. Deterministic (its own PRNG stream: the rest of the demo is unchanged by it); half of them
 * work at the companies of the given profiles, so company pages mix too.
 */
import type { PronetProfile } from '../model';
import { createRng } from './prng';
import { aboutText, companyPool, headline, jobTitle, personName, pickLocation, slugify } from './people';
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
    let slug: string;
    do slug = `${slugify(name.firstname)}-${slugify(name.lastname)}-${rng.hex(6)}`;
    while (ctx.slugs.has(slug));
    ctx.slugs.add(slug);
    const other = rng.pick(others);
    const company = known.length > 0 && rng.chance(0.5) ? rng.pick(known) : other.name;
    const title = jobTitle(rng);
    out.push({
      slug,
      firstname: name.firstname,
      lastname: name.lastname,
      headline: headline(rng, title, company),
      companyName: company,
      location: pickLocation(rng),
      about: aboutText(rng, { company, industry: other.industry }),
      picture: null,
    });
  }
  return out;
}
