/**
 * Word lists and generators for believable people, companies and headlines.
 * Every generator takes its Rng, so callers decide determinism.
 */
import type { Rng } from './prng';

export const FEMALE_FIRST_NAMES = [
  'Amelia', 'Chloe', 'Sofia', 'Nadia', 'Ingrid', 'Priya', 'Lucia', 'Hannah', 'Mei', 'Fatima',
  'Olivia', 'Camille', 'Elena', 'Aiko', 'Zara', 'Isabel', 'Noor', 'Freya', 'Lea', 'Marta',
  'Yasmin', 'Clara', 'Ana', 'Sakura', 'Leila', 'Emma', 'Julia', 'Rosa', 'Maya', 'Ines',
  'Greta', 'Alice', 'Nora', 'Eva', 'Lina', 'Tara', 'Valentina', 'Amara', 'Helena', 'Sara',
] as const;

export const MALE_FIRST_NAMES = [
  'Lucas', 'Mateo', 'Noah', 'Hugo', 'Ravi', 'Kenji', 'Omar', 'Jonas', 'Pablo', 'Felix',
  'Theo', 'Arjun', 'Daniel', 'Leo', 'Marco', 'Samuel', 'Yusuf', 'Erik', 'Tomas', 'Adrien',
  'Kwame', 'Diego', 'Milan', 'Oscar', 'Hiro', 'Victor', 'Elias', 'Rafael', 'Nikolai', 'Ben',
  'Louis', 'Ivan', 'Sami', 'Anton', 'Jakob', 'Malik', 'Paolo', 'Finn', 'Andre', 'Wei',
] as const;

export const LAST_NAMES = [
  'Martin', 'Bernard', 'Moreau', 'Garcia', 'Rossi', 'Novak', 'Schmidt', 'Kowalski', 'Silva', 'Nakamura',
  'Okafor', 'Haddad', 'Larsen', 'Virtanen', 'Dubois', 'Fischer', 'Costa', 'Ivanova', 'Khan', 'Patel',
  'Chen', 'Kim', 'Tanaka', 'Mensah', 'Lopez', 'Fournier', 'Weber', 'Jansen', 'Bakker', 'Olsen',
  'Romano', 'Ferreira', 'Nowak', 'Horvat', 'Petrov', 'Mendes', 'Dupont', 'Laurent', 'Keller', 'Sato',
  'Andersson', 'Lindqvist', 'Byrne', 'Walsh', 'Murphy', 'Clarke', 'Hughes', 'Reyes', 'Morales', 'Santos',
] as const;

const COMPANY_PREFIXES = [
  'North', 'Blue', 'Bright', 'Clear', 'Iron', 'Silver', 'Green', 'Nova', 'Summit', 'Harbor',
  'Atlas', 'Pioneer', 'Quantum', 'Cedar', 'Orbit', 'Beacon', 'Vertex', 'Lumen', 'Granite', 'Swift',
] as const;
const COMPANY_SUFFIXES = [
  'Labs', 'Systems', 'Analytics', 'Works', 'Logistics', 'Health', 'Capital', 'Software', 'Energy', 'Robotics',
  'Foods', 'Media', 'Cloud', 'Security', 'Bio', 'Mobility', 'Learning', 'Payments', 'Studio', 'Partners',
] as const;

export const INDUSTRIES = [
  'Software Development', 'Financial Services', 'Hospital & Health Care', 'Logistics & Supply Chain',
  'Renewable Energy', 'Retail', 'Marketing & Advertising', 'Higher Education', 'Biotechnology',
  'Manufacturing', 'Telecommunications', 'Consulting', 'Real Estate', 'Media Production',
] as const;

const SENIORITY = ['', '', 'Senior ', 'Lead ', 'Head of ', 'VP ', 'Director of '] as const;
/**
 * Each role with the nouns that make a title of it ("Data Engineer", "Engineering Manager", never
 * "Engineering Engineer"). Six nouns each, so that a title takes the draws it always took.
 */
const ROLE_NOUNS = {
  Sales: ['Manager', 'Executive', 'Representative', 'Consultant', 'Operations Analyst', 'Account Manager'],
  Marketing: ['Manager', 'Specialist', 'Strategist', 'Analyst', 'Coordinator', 'Consultant'],
  Engineering: ['Manager', 'Program Manager', 'Delivery Manager', 'Operations Analyst', 'Project Manager', 'Coordinator'],
  Product: ['Manager', 'Owner', 'Designer', 'Analyst', 'Marketing Manager', 'Operations Specialist'],
  Operations: ['Manager', 'Analyst', 'Specialist', 'Coordinator', 'Consultant', 'Strategist'],
  Growth: ['Manager', 'Marketer', 'Analyst', 'Strategist', 'Specialist', 'Consultant'],
  Partnerships: ['Manager', 'Specialist', 'Consultant', 'Strategist', 'Analyst', 'Coordinator'],
  'Customer Success': ['Manager', 'Specialist', 'Consultant', 'Analyst', 'Strategist', 'Coordinator'],
  Data: ['Engineer', 'Analyst', 'Scientist', 'Architect', 'Specialist', 'Consultant'],
  Procurement: ['Manager', 'Specialist', 'Analyst', 'Consultant', 'Coordinator', 'Strategist'],
  Finance: ['Manager', 'Analyst', 'Controller', 'Specialist', 'Consultant', 'Strategist'],
  People: ['Partner', 'Manager', 'Specialist', 'Consultant', 'Analyst', 'Coordinator'],
  Design: ['Manager', 'Researcher', 'Strategist', 'Consultant', 'Systems Specialist', 'Operations Manager'],
  'Business Development': ['Manager', 'Representative', 'Executive', 'Consultant', 'Analyst', 'Strategist'],
} as const satisfies Record<string, readonly [string, string, string, string, string, string]>;
const ROLES = Object.keys(ROLE_NOUNS) as (keyof typeof ROLE_NOUNS)[];

export const LOCATIONS = [
  'Paris, Île-de-France, France', 'Lyon, Auvergne-Rhône-Alpes, France', 'Berlin, Germany',
  'Munich, Bavaria, Germany', 'Amsterdam, North Holland, Netherlands', 'London, England, United Kingdom',
  'Manchester, England, United Kingdom', 'Dublin, Ireland', 'Madrid, Spain', 'Barcelona, Catalonia, Spain',
  'Lisbon, Portugal', 'Milan, Lombardy, Italy', 'Stockholm, Sweden', 'Copenhagen, Denmark',
  'Warsaw, Poland', 'Brussels, Belgium', 'Zurich, Switzerland', 'New York, New York, United States',
  'San Francisco, California, United States', 'Toronto, Ontario, Canada', 'Montreal, Quebec, Canada',
  'Singapore', 'Tokyo, Japan', 'Sydney, New South Wales, Australia', 'Nairobi, Kenya', 'São Paulo, Brazil',
] as const;

const SCHOOLS = [
  'University of Lyon', 'Technical University of Munich', 'University of Amsterdam', 'Trinity College Dublin',
  'Politecnico di Milano', 'KTH Royal Institute of Technology', 'University of Toronto', 'ESSEC Business School',
  'University of Warsaw', 'Imperial College London', 'University of Lisbon', 'HEC Paris',
] as const;

export type Gender = 'female' | 'male';

export interface PersonName {
  firstname: string;
  lastname: string;
  gender: Gender;
}

export function personName(rng: Rng): PersonName {
  const gender: Gender = rng.chance(0.5) ? 'female' : 'male';
  const firstname = rng.pick(gender === 'female' ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
  return { firstname, lastname: rng.pick(LAST_NAMES), gender };
}

export interface Company {
  name: string;
  slug: string;
  website: string;
  industry: string;
}

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A pool of distinct companies (the seed shares them between leads, as in real audiences). */
export function companyPool(rng: Rng, size: number): Company[] {
  const seen = new Set<string>();
  const out: Company[] = [];
  const max = COMPANY_PREFIXES.length * COMPANY_SUFFIXES.length;
  while (out.length < Math.min(size, max)) {
    const name = `${rng.pick(COMPANY_PREFIXES)} ${rng.pick(COMPANY_SUFFIXES)}`;
    if (seen.has(name)) continue;
    seen.add(name);
    const slug = slugify(name);
    out.push({ name, slug, website: `https://www.${slug.replace(/-/g, '')}.example`, industry: rng.pick(INDUSTRIES) });
  }
  return out;
}

export function jobTitle(rng: Rng): string {
  const seniority = rng.pick(SENIORITY);
  const role = rng.pick(ROLES);
  // "Head of Sales" reads right; "Head of Sales Manager" does not.
  if (seniority === 'Head of ' || seniority === 'VP ' || seniority === 'Director of ') return `${seniority}${role}`;
  return `${seniority}${role} ${rng.pick(ROLE_NOUNS[role])}`;
}

const HEADLINE_TAILS = [
  'helping teams ship faster', 'building B2B partnerships', 'scaling go-to-market',
  'obsessed with customer outcomes', 'data-driven and curious', 'turning leads into long-term clients',
  'speaker and mentor', 'ex-founder', 'hiring across Europe', 'making complex things simple',
] as const;

export function headline(rng: Rng, title: string, company: string): string {
  return rng.chance(0.6) ? `${title} at ${company} | ${rng.pick(HEADLINE_TAILS)}` : `${title} at ${company}`;
}

export function pickLocation(rng: Rng): string {
  return rng.pick(LOCATIONS);
}

export function pickSchool(rng: Rng): string {
  return rng.pick(SCHOOLS);
}

const ABOUT_OPENERS = [
  'I help {industry} companies grow without losing what makes them human.',
  'For more than {years} years I have worked at the meeting point of product, sales and customers.',
  'I build teams that listen first and sell second.',
  'Curious by nature, I spend my days turning messy data into clear decisions.',
  'I care about long-term relationships more than short-term numbers.',
] as const;
const ABOUT_MIDDLES = [
  'Today at {company}, I lead a team of {team} people across {cities} cities.',
  'At {company} I focus on partnerships, pricing and the occasional spreadsheet marathon.',
  'Before {company}, I worked in consulting and launched two products from scratch.',
  'My current focus at {company}: onboarding, retention and honest feedback loops.',
] as const;
const ABOUT_CLOSERS = [
  'Happy to connect if you work on similar problems.',
  'Outside work: trail running, bread baking and too many podcasts.',
  'Open to speaking at meetups about outreach that respects people.',
  'Ask me about cycling routes in the Alps.',
] as const;

export function aboutText(rng: Rng, ctx: { company: string; industry: string }): string {
  const fill = (s: string): string =>
    s
      .replace('{industry}', ctx.industry.toLowerCase())
      .replace('{company}', ctx.company)
      .replace('{years}', String(rng.int(5, 20)))
      .replace('{team}', String(rng.int(3, 40)))
      .replace('{cities}', String(rng.int(2, 6)));
  return [fill(rng.pick(ABOUT_OPENERS)), fill(rng.pick(ABOUT_MIDDLES)), fill(rng.pick(ABOUT_CLOSERS))].join(' ');
}

export function emailFor(name: PersonName, company: Company): string {
  return `${slugify(name.firstname)}.${slugify(name.lastname)}@${company.website.replace(/^https:\/\/www\./, '')}`;
}

export function phoneNumber(rng: Rng): string {
  return `+33 6 ${String(rng.int(10, 99))} ${String(rng.int(10, 99))} ${String(rng.int(10, 99))} ${String(rng.int(10, 99))}`;
}
