import { describe, expect, it } from 'vitest';
import { addressLabels, AddressInputSchema, FullAddressInputSchema, postalCodeError } from './address';

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
