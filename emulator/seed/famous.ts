/**
 * The six people of design.md ("The emulator"): the profiles every demo and e2e test relies on.
 * Their lead and conversation states are set up in demo.ts; here is who they are.
 */
import type { PronetProfile } from '../model';

export interface FamousPerson extends PronetProfile {
  gender: string;
  jobTitle: string;
  companyUrl: string;
  industry: string;
  proEmail: string;
  phone: string | null;
  microblog: string | null;
  dateOfBirth: string;
}

const person = (p: FamousPerson): FamousPerson => p;

export const ADA = person({
  slug: 'ada-lovelace',
  firstname: 'Ada',
  lastname: 'Lovelace',
  headline: 'Head of Algorithms at Analytical Engines Ltd | First programmer',
  companyName: 'Analytical Engines Ltd',
  location: 'London, England, United Kingdom',
  about:
    'I write the notes that turn a machine of cogs into a general-purpose engine. ' +
    'Currently designing loops & subroutines for the Analytical Engine, and explaining to investors why it can compose music.',
  picture: null,
  gender: 'female',
  jobTitle: 'Head of Algorithms',
  companyUrl: 'https://www.analytical.example',
  industry: 'Software Development',
  proEmail: 'ada@analytical.example',
  phone: '+44 20 7946 0815',
  microblog: 'ada_notes',
  dateOfBirth: '10 December',
});

export const GRACE = person({
  slug: 'grace-hopper',
  firstname: 'Grace',
  lastname: 'Hopper',
  headline: 'Director of Programming Languages · Rear Admiral (ret.) · "It is easier to ask forgiveness than permission"',
  companyName: 'Naval Computing Lab',
  location: 'Arlington, Virginia, United States',
  about:
    'Built the first compiler and helped make programming languages read like English. ' +
    'I keep a nanosecond of wire on my desk to show people what a delay costs.',
  picture: null,
  gender: 'female',
  jobTitle: 'Director of Programming Languages',
  companyUrl: 'https://www.navalcomputing.example',
  industry: 'Research',
  proEmail: 'grace.hopper@navalcomputing.example',
  phone: null,
  microblog: 'amazinggrace',
  dateOfBirth: '9 December',
});

export const ALAN = person({
  slug: 'alan-turing',
  firstname: 'Alan',
  lastname: 'Turing',
  headline: 'Mathematician · Computing machinery and intelligence',
  companyName: 'Bletchley Research',
  location: 'Manchester, England, United Kingdom',
  about:
    'Working on computable numbers, morphogenesis and the question of whether machines can think. ' +
    'Long-distance runner on weekends.',
  picture: null,
  gender: 'male',
  jobTitle: 'Principal Researcher',
  companyUrl: 'https://www.bletchley.example',
  industry: 'Research',
  proEmail: 'alan.turing@bletchley.example',
  phone: '+44 161 496 0000',
  microblog: null,
  dateOfBirth: '23 June',
});

export const KATHERINE = person({
  slug: 'katherine-johnson',
  firstname: 'Katherine',
  lastname: 'Johnson',
  headline: 'Aerospace mathematician · Trajectory analysis for crewed flight',
  companyName: 'Langley Flight Research',
  location: 'Hampton, Virginia, United States',
  about:
    'I calculate trajectories, launch windows and emergency return paths. ' +
    'If the numbers check out, the mission flies.',
  picture: null,
  gender: 'female',
  jobTitle: 'Lead Mathematician',
  companyUrl: 'https://www.langley.example',
  industry: 'Aviation & Aerospace',
  proEmail: 'katherine.johnson@langley.example',
  phone: null,
  microblog: null,
  dateOfBirth: '26 August',
});

export const EDSGER = person({
  slug: 'edsger-dijkstra',
  firstname: 'Edsger',
  lastname: 'Dijkstra',
  headline: 'Professor of Computer Science · Shortest paths, structured programming',
  companyName: 'Eindhoven Institute of Technology',
  location: 'Eindhoven, North Brabant, Netherlands',
  about: 'Simplicity is prerequisite for reliability. I write my manuscripts by hand and number them EWD.',
  picture: null,
  gender: 'male',
  jobTitle: 'Professor',
  companyUrl: 'https://www.eindhoven-tech.example',
  industry: 'Higher Education',
  proEmail: 'edsger.dijkstra@eindhoven-tech.example',
  phone: null,
  microblog: null,
  dateOfBirth: '11 May',
});

export const MARGARET = person({
  slug: 'margaret-hamilton',
  firstname: 'Margaret',
  lastname: 'Hamilton',
  headline: 'Director of Software Engineering · Flight software for lunar missions',
  companyName: 'Hamilton Technologies',
  location: 'Cambridge, Massachusetts, United States',
  about:
    'I coined "software engineering" so the discipline would get the respect it deserves. ' +
    'Led the team that wrote the on-board flight software for the lunar landings.',
  picture: null,
  gender: 'female',
  jobTitle: 'Founder & CEO',
  companyUrl: 'https://www.hamilton-tech.example',
  industry: 'Software Development',
  proEmail: 'margaret@hamilton-tech.example',
  phone: null,
  microblog: null,
  dateOfBirth: '17 August',
});

/** In the order of design.md's table. */
export const FAMOUS_PEOPLE: readonly FamousPerson[] = [ADA, GRACE, ALAN, KATHERINE, EDSGER, MARGARET];

/** The site profile of a famous person (a fresh object: the core may mutate what a seed returns). */
export function famousProfile(p: FamousPerson): PronetProfile {
  return {
    slug: p.slug,
    firstname: p.firstname,
    lastname: p.lastname,
    headline: p.headline,
    companyName: p.companyName,
    location: p.location,
    about: p.about,
    picture: p.picture,
  };
}
