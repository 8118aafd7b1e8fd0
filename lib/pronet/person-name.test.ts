import { describe, expect, it } from 'vitest';
import { nameFromSlug, personReading, splitName } from './person-name';

describe('nameFromSlug: the last resort, never a last name of digits', () => {
  it.each([
    ['eva-keller-2bd4ef', 'Eva Keller'],
    ['sam-rivera-1984', 'Sam Rivera'],
    ['ada-lovelace-42', 'Ada Lovelace'],
    ['margaret-hamilton', 'Margaret Hamilton'],
    ['plato', 'Plato'],
    ['jean-2', 'Jean'],
    ['12345678', ''],
    ['ACoAABq7XkZmP2wQ', ''],
  ])('%s → %j', (slug, name) => {
    expect(nameFromSlug(slug)).toBe(name);
  });
});

describe('splitName', () => {
  it.each([
    ['Eva Keller', ['Eva', 'Keller']],
    ['Margaret H. Hamilton', ['Margaret H.', 'Hamilton']],
    ['Ludwig van Beethoven', ['Ludwig', 'van Beethoven']],
    ['María de la Cruz', ['María', 'de la Cruz']],
    ['ليلى حداد', ['ليلى', 'حداد']],
    ['Plato', ['Plato', '']],
    ['', ['', '']],
  ])('%s', (name, parts) => {
    expect(splitName(name)).toEqual(parts);
  });
});

describe('personReading: one reading for every form', () => {
  it('takes the page’s name over the address, and says what it could not read', () => {
    expect(personReading({ displayName: 'Eva Keller', company: 'Hyrule Labs' }, 'eva-keller-2bd4ef')).toEqual({
      firstname: 'Eva',
      lastname: 'Keller',
      company: 'Hyrule Labs',
      jobTitle: '',
      nameFrom: 'page',
      missing: ['jobTitle'],
    });
  });
  it('falls back on the slug without its id suffix (issue 24: never "2bd4ef" as the last name)', () => {
    expect(personReading({}, 'eva-keller-2bd4ef')).toMatchObject({ firstname: 'Eva', lastname: 'Keller', nameFrom: 'address', missing: ['company', 'jobTitle'] });
  });
  it('a member token or a digits-only slug spells no name: every field is to be typed', () => {
    expect(personReading({}, 'ACoAABq7XkZmP2wQ')).toMatchObject({ firstname: '', lastname: '', nameFrom: 'none', missing: ['firstname', 'lastname', 'company', 'jobTitle'] });
    expect(personReading({ displayName: '  ' }, '1234')).toMatchObject({ nameFrom: 'none' });
  });
});
