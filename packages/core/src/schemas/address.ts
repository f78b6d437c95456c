/**
 * Postal addresses (areas and organisations): the state and the postal code follow the
 * country. The United States has 50 states and 5-digit ZIP codes (optionally +4), Canada provinces and
 * "A1A 1A1" postal codes, everywhere else a free-text region and a postal code of letters, digits,
 * hyphens and spaces. States, countries and postal codes are stored upper-cased.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { requiredText, storable } from './common';

export const ADDRESS_MESSAGES = {
  invalidZip: 'Invalid zip code',
  invalidPostalCode: 'Invalid postal code',
} as const;

const US_ZIP = /^\d{5}(-\d{4})?$/;
const CA_POSTAL = /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/;
const OTHER_POSTAL = /^[A-Za-z0-9 -]+$/;

/** The form's labels for the country: State/Zip code, Province/Postal code, Region/Postal code. */
export function addressLabels(countryCode: string | null | undefined): { state: string; postalCode: string } {
  const country = (countryCode ?? '').toUpperCase();
  if (country === 'US') return { state: 'State', postalCode: 'Zip code' };
  if (country === 'CA') return { state: 'Province', postalCode: 'Postal code' };
  return { state: 'Region', postalCode: 'Postal code' };
}

/** The message for a postal code that does not fit the country, or null when it fits (or is empty). */
export function postalCodeError(countryCode: string, postalCode: string): string | null {
  const code = postalCode.trim();
  if (code === '') return null;
  const country = countryCode.toUpperCase();
  if (country === 'US') return US_ZIP.test(code) ? null : ADDRESS_MESSAGES.invalidZip;
  if (country === 'CA') return CA_POSTAL.test(code) ? null : ADDRESS_MESSAGES.invalidPostalCode;
  return OTHER_POSTAL.test(code) ? null : ADDRESS_MESSAGES.invalidPostalCode;
}

/** US states (and DC) and Canadian provinces and territories, for the state dropdown. */
export const REGIONS_BY_COUNTRY: Record<'US' | 'CA', ReadonlyArray<{ code: string; name: string }>> = {
  US: Object.entries({
    AL: 'Alabama',
    AK: 'Alaska',
    AZ: 'Arizona',
    AR: 'Arkansas',
    CA: 'California',
    CO: 'Colorado',
    CT: 'Connecticut',
    DE: 'Delaware',
    DC: 'District of Columbia',
    FL: 'Florida',
    GA: 'Georgia',
    HI: 'Hawaii',
    ID: 'Idaho',
    IL: 'Illinois',
    IN: 'Indiana',
    IA: 'Iowa',
    KS: 'Kansas',
    KY: 'Kentucky',
    LA: 'Louisiana',
    ME: 'Maine',
    MD: 'Maryland',
    MA: 'Massachusetts',
    MI: 'Michigan',
    MN: 'Minnesota',
    MS: 'Mississippi',
    MO: 'Missouri',
    MT: 'Montana',
    NE: 'Nebraska',
    NV: 'Nevada',
    NH: 'New Hampshire',
    NJ: 'New Jersey',
    NM: 'New Mexico',
    NY: 'New York',
    NC: 'North Carolina',
    ND: 'North Dakota',
    OH: 'Ohio',
    OK: 'Oklahoma',
    OR: 'Oregon',
    PA: 'Pennsylvania',
    RI: 'Rhode Island',
    SC: 'South Carolina',
    SD: 'South Dakota',
    TN: 'Tennessee',
    TX: 'Texas',
    UT: 'Utah',
    VT: 'Vermont',
    VA: 'Virginia',
    WA: 'Washington',
    WV: 'West Virginia',
    WI: 'Wisconsin',
    WY: 'Wyoming',
  }).map(([code, name]) => ({ code, name })),
  CA: Object.entries({
    AB: 'Alberta',
    BC: 'British Columbia',
    MB: 'Manitoba',
    NB: 'New Brunswick',
    NL: 'Newfoundland and Labrador',
    NS: 'Nova Scotia',
    NT: 'Northwest Territories',
    NU: 'Nunavut',
    ON: 'Ontario',
    PE: 'Prince Edward Island',
    QC: 'Quebec',
    SK: 'Saskatchewan',
    YT: 'Yukon',
  }).map(([code, name]) => ({ code, name })),
};

const optionalText = (max: number) => storable(z.string().trim().max(max)).nullish();

const OPTIONAL_STREET = { address1: optionalText(100), city: optionalText(100) };
const REQUIRED_STREET = { address1: requiredText().max(100), city: requiredText().max(100) };
const REGION_FIELDS = {
  address2: optionalText(100),
  state: storable(z.string().trim().min(1, MESSAGES.required).max(100)).transform((state) =>
    state.toUpperCase(),
  ),
  postal_code: optionalText(20),
  country_code: storable(
    z.string().trim().min(1, MESSAGES.required).max(2, 'Must be 2 or fewer characters'),
  ).transform((code) => code.toUpperCase()),
};

/** The postal code checked against the country, and upper-cased. */
function withPostalCodeRule<T extends z.ZodType<{ country_code: string; postal_code?: string | null }>>(
  schema: T,
) {
  return schema
    .superRefine((address, context) => {
      const error = postalCodeError(address.country_code, address.postal_code ?? '');
      if (error) context.addIssue({ code: 'custom', path: ['postal_code'], message: error });
    })
    .transform((address) => ({ ...address, postal_code: address.postal_code?.toUpperCase() ?? null }));
}

/**
 * An address as the API takes it: state and country required (a two-letter country code), the
 * postal code checked against the country; state, country and postal code upper-cased. An area's
 * address may leave out the street and city.
 */
export const AddressInputSchema = withPostalCodeRule(z.object({ ...OPTIONAL_STREET, ...REGION_FIELDS }));

/** An organisation's address: street, city, state and country required. */
export const FullAddressInputSchema = withPostalCodeRule(z.object({ ...REQUIRED_STREET, ...REGION_FIELDS }));

/** A person's address (a user's profile): every part optional until one is given (see personAddressIssues). */
export const PERSON_ADDRESS_FIELDS = {
  ...OPTIONAL_STREET,
  address2: optionalText(100),
  state: optionalText(100),
  postal_code: optionalText(20),
  country_code: storable(z.string().trim().max(2, 'Must be 2 or fewer characters')).nullish(),
};
const PERSON_ADDRESS_KEYS = Object.keys(PERSON_ADDRESS_FIELDS) as Array<keyof PersonAddress>;

export interface PersonAddress {
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country_code: string | null;
}
type PersonAddressInput = { [K in keyof PersonAddress]?: string | null | undefined };

/**
 * A person's address may be left empty; once any part is filled, the state and country are
 * required and the postal code follows the country. Adds the issues to the refinement's context.
 */
export function personAddressIssues(address: PersonAddressInput, context: z.RefinementCtx): void {
  if (!PERSON_ADDRESS_KEYS.some((key) => address[key])) return;
  for (const key of ['state', 'country_code'] as const) {
    if (!address[key]) context.addIssue({ code: 'custom', path: [key], message: MESSAGES.required });
  }
  const error = postalCodeError(address.country_code ?? '', address.postal_code ?? '');
  if (error) context.addIssue({ code: 'custom', path: ['postal_code'], message: error });
}

/**
 * The person's address as stored (empty parts null; state, country and postal code upper-cased),
 * or undefined when none of its fields was sent (the address stays as it is).
 */
export function personAddressOf(input: PersonAddressInput): PersonAddress | undefined {
  if (PERSON_ADDRESS_KEYS.every((key) => input[key] === undefined)) return undefined;
  const part = (key: keyof PersonAddress) => input[key] || null;
  const upper = (key: keyof PersonAddress) => part(key)?.toUpperCase() ?? null;
  return {
    address1: part('address1'),
    address2: part('address2'),
    city: part('city'),
    state: upper('state'),
    postal_code: upper('postal_code'),
    country_code: upper('country_code'),
  };
}
