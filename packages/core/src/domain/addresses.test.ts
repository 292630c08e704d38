import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { cityFromAddress } from './addresses.ts';

describe('the city of an address (docs/product.md#signup-wizard)', () => {
  test.each([
    ['12 Rue de la Paix, 75002 Paris, France', 'Paris'],
    ['12 rue de la Paix, 75002 Paris', 'Paris'],
    ['4 rue Montorgueil, 75001 Paris', 'Paris'],
    ['3 Place Bellecour, 69002 Lyon, France', 'Lyon'],
    ['1 Quai du Port, 13002 Marseille', 'Marseille'],
    ["8 Rue de l'Église, 67000 Strasbourg Cedex 2, France", 'Strasbourg'],
    ['5 avenue Jean Médecin, F-06000 Nice', 'Nice'],
    ['2 rue Basse, 59800 Lille-Hellemmes, France', 'Lille-Hellemmes'],
    ['10 Grand-Rue, 67000 Saint-Pierre-d’Oléron', 'Saint-Pierre-d’Oléron'],
    ['Rue Neuve 1, 1000 Bruxelles, Belgique', 'Bruxelles'],
    ['Bahnhofstrasse 1, 8001 Zürich, Suisse', 'Zürich'],
    ['12 rue de la Paix, Paris 75002, France', 'Paris'],
    ['75002 Paris', 'Paris'],
    ['2 rue Haute, Lyon', 'Lyon'],
    ['2 rue Haute, Lyon, France', 'Lyon'],
    ['1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA', 'Mountain View'],
    ['  12 Rue de la Paix ,  75002   Paris  , France ', 'Paris'],
  ])('%s → %s', (address, city) => {
    expect(cityFromAddress(address)).toBe(city);
  });

  test.each([
    [''],
    ['   '],
    ['12 rue de la Paix'],
    ['12 rue de la Paix, France'],
    ['10 Downing St, London SW1A 2AA, UK'],
    [', , ,'],
    ['75002'],
  ])('%j names no city: null, so nothing typed is replaced', (address) => {
    expect(cityFromAddress(address)).toBeNull();
  });

  const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzéèàçô'.split(''));
  const word = fc
    .array(letter, { minLength: 2, maxLength: 10 })
    .map((letters) => letters.join(''))
    .map((w) => `${w.charAt(0).toUpperCase()}${w.slice(1)}`);
  const cityName = fc
    .tuple(word, fc.array(fc.tuple(fc.constantFrom(' ', '-'), word), { maxLength: 3 }))
    .map(([first, rest]) => first + rest.map(([separator, w]) => separator + w).join(''))
    .filter((name) => !/cedex/i.test(name));
  const street = fc
    .tuple(fc.integer({ min: 1, max: 300 }), fc.constantFrom('rue', 'avenue', 'place'), word)
    .map(([number, kind, name]) => `${number} ${kind} ${name}`);
  const postcode = fc.integer({ min: 1000, max: 99999 }).map((n) => String(n).padStart(5, '0'));

  test('a French address gives back its city, with or without the country', () => {
    fc.assert(
      fc.property(street, postcode, cityName, fc.boolean(), (line, code, city, country) => {
        const address = `${line}, ${code} ${city}${country ? ', France' : ''}`;
        expect(cityFromAddress(address)).toBe(city);
      }),
    );
  });

  test('whatever the text, the city is null or a part of it, trimmed, without a comma', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (address) => {
        const city = cityFromAddress(address);
        if (city === null) return;
        expect(city).not.toBe('');
        expect(city).toBe(city.trim());
        expect(city).not.toContain(',');
        expect(address).toContain(city);
      }),
      { numRuns: 2000 },
    );
  });
});
