/** France's name, which may end a short address ('12 rue X, France'): never a city. */
const france = /^france$/i;

/** '75002 Paris', 'F-75002 Paris', '1000 Bruxelles': a postcode, then its town. */
const postcodeThenTown = /^(?:[A-Z]{1,2}-)?\d{4,5}\s+(.+)$/u;
/** 'Paris 75002' (a town has a lowercase letter: 'CA 94043' is a state and a ZIP code). */
const townThenPostcode = /^(.*\p{Ll}.*?)\s+\d{4,5}$/u;
/** 'Strasbourg Cedex 2': the business-mail suffix is no part of the town's name. */
const cedex = /\s+cedex(?:\s+\d+)?$/iu;

const hasLetter = (text: string) => /\p{L}/u.test(text);

function townOf(line: string): string | null {
  const match = postcodeThenTown.exec(line) ?? townThenPostcode.exec(line);
  const town = match?.[1]?.replace(cedex, '').trim();
  return town !== undefined && hasLetter(town) ? town : null;
}

/**
 * The city an establishment's address names (docs/product.md#signup-wizard: a picked
 * establishment fills 'Ville' too), or null when it names none, so that nothing typed is replaced
 * by nothing. '12 Rue X, 75002 Paris, France' → 'Paris': the town after (or before) a postcode;
 * without a postcode, the last line between the street and the country that holds no digit
 * ('2 rue Haute, Lyon' → 'Lyon').
 */
export function cityFromAddress(address: string): string | null {
  const lines = address
    .split(',')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  // The first line is the street ('1600 Amphitheatre Pkwy' looks like a postcode and a town),
  // unless it is the only one.
  const afterStreet = lines.length === 1 ? lines : lines.slice(1);
  for (const line of [...afterStreet].reverse()) {
    const town = townOf(line);
    if (town !== null) return town;
  }
  if (lines.length === 1) return null;
  // The places service ends an address of three lines or more with its country.
  const named = lines
    .slice(1, lines.length > 2 ? -1 : undefined)
    .filter((line) => !/\d/.test(line) && hasLetter(line) && !france.test(line));
  return named.at(-1) ?? null;
}
