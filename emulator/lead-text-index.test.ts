import { describe, expect, it } from 'vitest';
import type { LeadRecord } from './model';
import { leadMatchesText, LeadTextIndex, textNeedle } from './lead-text-index';
import { buildSeed } from './seed/index';

const NOW = Date.UTC(2030, 5, 1);

function bulkLeads(count: number): LeadRecord[] {
  const data = buildSeed('demo', { now: NOW, leads: count }).workspaces.find((w) => w.name === 'bulk');
  if (!data) throw new Error('no bulk workspace');
  return data.leads;
}

function lead(id: string, fields: Partial<LeadRecord>): LeadRecord {
  return { ...bulkLeads(1)[0]!, id, proEmail: null, persoEmail: null, companyName: null, ...fields };
}

/** Leads whose texts try the rule's corners: accents, apostrophes, digits, empty fields. */
const ODD: LeadRecord[] = [
  lead('odd_1', { firstname: 'Zoë', lastname: 'Müller', proEmail: 'zoe.mueller@acme.example', companyName: 'Café Ünal' }),
  lead('odd_2', { firstname: 'Sean', lastname: "O'Brien", persoEmail: 'sob1987@mail.example', companyName: null }),
  lead('odd_3', { firstname: 'Ana', lastname: 'Lopez-Weber', proEmail: 'ana@r2d2.example', companyName: 'R2D2 Robotics' }),
  lead('odd_4', { firstname: 'İlker', lastname: 'ÇELİK', proEmail: null, companyName: 'Straße 9' }),
];

/** The rule applied lead by lead: what the index must agree with. */
const scan = (leads: readonly LeadRecord[], q: string) =>
  leads
    .filter((l) => leadMatchesText(l, q))
    .map((l) => l.id)
    .sort();

function indexed(index: LeadTextIndex, q: string): string[] {
  const needle = textNeedle(q);
  if (needle === null) return [];
  return index
    .leadsWithText(needle)
    .map((l) => l.id)
    .sort();
}

describe('LeadTextIndex (free text q)', () => {
  const leads = [...bulkLeads(2000), ...ODD];
  const sample = leads[11]!;
  const queries: [string, string][] = [
    ['a last name', sample.lastname],
    ['a first name, upper case', sample.firstname.toUpperCase()],
    ['first and last name', `${sample.firstname} ${sample.lastname}`],
    ['across the space between first and last name', `${sample.firstname.slice(-2)} ${sample.lastname.slice(0, 2)}`],
    ['padded with spaces', `  ${sample.lastname.toLowerCase()}  `],
    ['a prefix of a word', sample.lastname.slice(0, 3)],
    ['the inside of a word', sample.lastname.slice(1, -1)],
    ['a whole pro email', sample.proEmail ?? 'x'],
    ['a piece of an email across its dot', (sample.proEmail ?? 'x').split('@')[0]!.slice(-6)],
    ['an email domain', '.example'],
    ['a company, mixed case', 'oRbIt RoBoTiCs'],
    ['one letter', 'z'],
    ['digits', '12'],
    ['letters and digits', 'r2d2'],
    ['an accented name', 'Müller'],
    ['accents are not folded', 'muller'],
    ['an accented word, upper case', 'CAFÉ ÜNAL'],
    ['an apostrophe', "o'brien"],
    ['an apostrophe and the first name', "sean o'b"],
    ['a hyphenated name', 'lopez-weber'],
    ['a dotted capital I, lower-cased', 'i̇lker'],
    ['an eszett', 'straße'],
    ['punctuation only', '@'],
    ['a hyphen alone', '-'],
    ['a space inside punctuation', "' "],
    ['no match', 'zzqqxx'],
    ['no match, a word that exists with more after it', `${sample.lastname}qq`],
    ['a line break', `${sample.firstname}\n${sample.lastname}`],
  ];

  it.each(queries)('finds the leads the scan finds: %s', (_name, q) => {
    const index = new LeadTextIndex(() => leads);
    expect(indexed(index, q)).toEqual(scan(leads, q));
  });

  it('the table tries queries that match and queries that do not', () => {
    const counts = queries.map(([, q]) => scan(leads, q).length);
    expect(counts.filter((n) => n === 0).length).toBeGreaterThan(2);
    expect(counts.filter((n) => n > 1).length).toBeGreaterThan(10);
  });

  it('follows every change of a lead made after it was built: renamed, new emails, a company dropped, a lead added', () => {
    const own = [...bulkLeads(500), ...ODD].map((l) => ({ ...l }));
    const index = new LeadTextIndex(() => own);
    const agrees = (q: string) => expect(indexed(index, q), q).toEqual(scan(own, q));
    const renamed = own[3]!;
    const oldName = renamed.lastname;
    const oldCompany = own[4]!.companyName!;
    agrees(oldName);
    agrees('zebedee');

    index.update(renamed, () => Object.assign(renamed, { lastname: 'Zebedee-Quux', proEmail: 'zq42@quux.example' }));
    index.update(own[4]!, () => Object.assign(own[4]!, { companyName: null }));
    index.update(ODD[0]!, () => undefined);
    const added = lead('lead_added', { firstname: 'Added', lastname: 'Later', persoEmail: 'added.later@new.example' });
    own.push(added);
    index.added(added);

    for (const q of [oldName, 'zebedee', 'zebedee-quux', `${renamed.firstname} zeb`, 'zq42', 'quux', oldCompany, 'added later', 'later@new', 'müller']) agrees(q);
    expect(indexed(index, 'zebedee')).toEqual([renamed.id]);
    expect(indexed(index, 'added later')).toEqual(['lead_added']);
  });

  it('changes made before its first use are in it once built', () => {
    const own = bulkLeads(200).map((l) => ({ ...l }));
    const index = new LeadTextIndex(() => own);
    index.update(own[0]!, () => Object.assign(own[0]!, { firstname: 'Quillon' }));
    expect(indexed(index, 'quillon')).toEqual([own[0]!.id]);
  });
});

describe('textNeedle', () => {
  it.each([
    ['  Weber ', 'weber'],
    ['ÇELİK', 'çeli̇k'],
    ['a\nb', null],
    ['   ', ''],
  ])('%j → %j', (q, needle) => {
    expect(textNeedle(q)).toBe(needle);
  });
});
