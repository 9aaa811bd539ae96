import countries from 'i18n-iso-countries';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { z } from 'zod';
import { isPlainLine, plainTextMessage } from './text.js';

/**
 * A shopper's address book and the address an order is sent to (docs/product.md, "Addresses and
 * delivery"). Countries are ISO 3166-1 alpha-2 codes from `i18n-iso-countries`; a postal code is
 * checked against its country's pattern where `postcode-validator` knows one. A country's name for
 * people: `new Intl.DisplayNames(['en'], { type: 'region' }).of(code)`.
 */

/** Every ISO 3166-1 alpha-2 code, e.g. 'US', 'GB', 'DE'. */
export const COUNTRY_CODES: readonly string[] = Object.keys(countries.getAlpha2Codes()).sort();
const COUNTRY_SET = new Set(COUNTRY_CODES);

/** Most addresses one account may keep. */
export const MAX_ADDRESSES = 20;

const text = (name: string, max: number) =>
  z
    .string({ error: `Enter the ${name}` })
    .trim()
    .min(1, `Enter the ${name}`)
    .max(max, `The ${name} must be at most ${max} characters`)
    .refine(isPlainLine, plainTextMessage(`The ${name}`));
const optionalText = (name: string, max: number) =>
  z
    .string({ error: `The ${name} must be text` })
    .trim()
    .max(max, `The ${name} must be at most ${max} characters`)
    .refine(isPlainLine, plainTextMessage(`The ${name}`))
    .optional()
    .default('');

/** Whether `postal` is a postal code of `country` (true where no pattern is known for that country). */
export function isPostalCodeOf(postal: string, country: string): boolean {
  if (!postcodeValidatorExistsForCountry(country)) return true;
  try {
    return postcodeValidator(postal, country);
  } catch {
    return true;
  }
}

/** The fields of an address, as a shopper types them (and as an order keeps them). */
const addressFieldsObject = z.object({
  /** Who receives the parcel. */
  name: text('name', 120),
  line1: text('address', 200),
  line2: optionalText('second address line', 200),
  city: text('city', 100),
  /** State, county or province; empty where the country has none. */
  region: optionalText('region', 100),
  postal_code: optionalText('postal code', 20),
  country: z
    .string({ error: 'Choose a country' })
    .trim()
    .toUpperCase()
    .refine((code) => COUNTRY_SET.has(code), 'Choose a country from the list'),
  phone: z
    .string({ error: 'The phone number must be text' })
    .trim()
    .max(30, 'The phone number must be at most 30 characters')
    .regex(/^[+\d][\d ()./-]*$|^$/, 'Enter a phone number with digits, spaces and an optional leading +')
    .optional()
    .default(''),
});

function checkPostalCode(address: { postal_code: string; country: string }, ctx: z.RefinementCtx) {
  if (!COUNTRY_SET.has(address.country)) return;
  const needsCode = postcodeValidatorExistsForCountry(address.country);
  if (needsCode && address.postal_code === '') {
    ctx.addIssue({ code: 'custom', path: ['postal_code'], message: 'Enter the postal code' });
  } else if (address.postal_code !== '' && !isPostalCodeOf(address.postal_code, address.country)) {
    ctx.addIssue({
      code: 'custom',
      path: ['postal_code'],
      message: `This is not a postal code of ${countryName(address.country)}`,
    });
  }
}

/** The country's English name, or its code where the runtime has no names. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** An address as typed (checkout's "new address", the address book's form). */
export const addressFieldsSchema = addressFieldsObject.superRefine(checkPostalCode).meta({ id: 'AddressFields' });
export type AddressFieldsInput = z.input<typeof addressFieldsSchema>;
export type AddressFields = z.output<typeof addressFieldsSchema>;

/** POST /api/addresses/ and PUT /api/addresses/{id}/: the fields, and whether it becomes the default. */
export const addressRequestSchema = addressFieldsObject
  .extend({
    /** true: this becomes the default (the previous default stops being one). The first address is the default anyway. */
    is_default: z.boolean({ error: 'is_default must be true or false' }).optional(),
  })
  .superRefine(checkPostalCode)
  .meta({ id: 'AddressRequest' });
export type AddressRequestInput = z.input<typeof addressRequestSchema>;
export type AddressRequest = z.output<typeof addressRequestSchema>;

/** An address of the caller's address book. */
export const addressSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    region: z.string(),
    postal_code: z.string(),
    country: z.string(),
    phone: z.string(),
    is_default: z.boolean(),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof addressSchema>;

/** The address an order is sent to, as it was when the order was placed. */
export const shippingAddressSchema = addressSchema.omit({ id: true, is_default: true }).meta({ id: 'ShippingAddress' });
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const addressListSchema = z.array(addressSchema).meta({ id: 'AddressList' });
