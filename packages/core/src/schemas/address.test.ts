import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addressLabels,
  AddressInputSchema,
  FullAddressInputSchema,
  PERSON_ADDRESS_FIELDS,
  personAddressIssues,
  personAddressOf,
  postalCodeError,
} from './address';

describe('postal codes follow the country', () => {
  it.each([
    ['US', '62701', null],
    ['US', '62701-1234', null],
    ['US', '6270', 'Invalid zip code'],
    ['US', 'K1A 0B1', 'Invalid zip code'],
    ['CA', 'k1a 0b1', null],
    ['CA', 'K1A0B1', null],
    ['CA', '62701', 'Invalid postal code'],
    ['GB', 'SW1A 1AA', null],
    ['DE', '10115', null],
    ['DE', '10115!', 'Invalid postal code'],
  ])('%s %s', (country, code, error) => {
    expect(postalCodeError(country, code)).toBe(error);
  });

  it('upper-cases the postal code and the country, and requires state and country', () => {
    const parsed = AddressInputSchema.parse({ state: 'ON', postal_code: 'k1a 0b1', country_code: 'ca' });
    expect(parsed).toMatchObject({ postal_code: 'K1A 0B1', country_code: 'CA' });
    const missing = AddressInputSchema.safeParse({ state: ' ', country_code: '' });
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['state', 'Required'],
      ['country_code', 'Required'],
    ]);
  });

  it('labels the fields by country', () => {
    expect(addressLabels('US')).toEqual({ state: 'State', postalCode: 'Zip code' });
    expect(addressLabels('CA')).toEqual({ state: 'Province', postalCode: 'Postal code' });
    expect(addressLabels('FR')).toEqual({ state: 'Region', postalCode: 'Postal code' });
  });
});

describe("an organisation's address", () => {
  it('requires the street, city, state and country', () => {
    const missing = FullAddressInputSchema.safeParse({
      address1: '',
      city: ' ',
      state: '',
      country_code: '',
    });
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['address1', 'Required'],
      ['city', 'Required'],
      ['state', 'Required'],
      ['country_code', 'Required'],
    ]);
  });

  it('upper-cases the state, country and postal code, and limits the country to 2 characters', () => {
    const address = { address1: '1 Main St', city: 'Ottawa', state: 'on', country_code: 'ca' };
    expect(FullAddressInputSchema.parse({ ...address, postal_code: 'k1a0b1' })).toMatchObject({
      state: 'ON',
      country_code: 'CA',
      postal_code: 'K1A0B1',
    });
    const long = FullAddressInputSchema.safeParse({ ...address, country_code: 'CAN' });
    expect(long.error?.issues.map((i) => i.message)).toEqual(['Must be 2 or fewer characters']);
    const zip = FullAddressInputSchema.safeParse({ ...address, country_code: 'US', postal_code: '1234' });
    expect(zip.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['postal_code', 'Invalid zip code'],
    ]);
  });
});

describe("a person's address (the profile)", () => {
  const Schema = z.object(PERSON_ADDRESS_FIELDS).superRefine(personAddressIssues);
  const issues = (input: object) =>
    Schema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

  it('may be left empty', () => {
    expect(issues({})).toEqual([]);
    expect(issues({ address1: '', city: '', state: '', country_code: '' })).toEqual([]);
  });

  it('once any part is filled, needs a state and a country, and a postal code fitting the country', () => {
    expect(issues({ city: 'Toronto' })).toEqual([
      ['state', 'Required'],
      ['country_code', 'Required'],
    ]);
    expect(issues({ state: 'ON', country_code: 'CA', postal_code: '62701' })).toEqual([
      ['postal_code', 'Invalid postal code'],
    ]);
    expect(issues({ state: 'IL', country_code: 'US', postal_code: '62701' })).toEqual([]);
  });

  it('is stored with empty parts null and upper-cased codes; left out entirely, it is unchanged', () => {
    expect(personAddressOf({})).toBeUndefined();
    expect(
      personAddressOf({ city: 'Toronto', state: 'on', postal_code: 'm5h 2n2', country_code: 'ca' }),
    ).toEqual({
      address1: null,
      address2: null,
      city: 'Toronto',
      state: 'ON',
      postal_code: 'M5H 2N2',
      country_code: 'CA',
    });
  });
});
