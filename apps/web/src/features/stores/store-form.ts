// The business form as the screens hold it: the contract's rules for every field (spec 3
// section 5), every field a string (the business type is a radio's '1' or '2'); `toStoreRequest`
// turns it into the create payload.
import { z } from 'zod';
import { MCC_CATALOGUE, mccLabel, STORE_COUNTRIES, STORE_TYPE, zStoreFields } from '@paywallet/contract';
import type { TCreateStoreRequest, TStoreActivation } from '@paywallet/contract';

/** A field the contract lets be absent: the form always holds a string. */
const text = (schema: z.ZodType<string, string | undefined>) => z.string().pipe(schema as z.ZodType<string, string>);

export const ZStoreForm = z.object({
  parentEntity: zStoreFields.parentEntity,
  reference: zStoreFields.reference,
  name: zStoreFields.name,
  email: text(zStoreFields.email),
  phone: text(zStoreFields.phone),
  addressline1: text(zStoreFields.addressline1),
  addressline2: text(zStoreFields.addressline2),
  city: text(zStoreFields.city),
  state: text(zStoreFields.state),
  postCode: zStoreFields.postCode,
  country: text(zStoreFields.country),
  website: text(zStoreFields.website),
  type: z.enum(['1', '2'], { error: 'The selected business type is invalid' }),
  mcc: zStoreFields.mcc,
});
export type TStoreFormIn = z.input<typeof ZStoreForm>;
export type TStoreFormOut = z.output<typeof ZStoreForm>;

export function toStoreRequest(values: TStoreFormOut): TCreateStoreRequest {
  return { ...values, type: Number(values.type) };
}

export const BUSINESS_TYPES = [
  { value: '1', label: 'Sole Trader' },
  { value: '2', label: 'Registered Business' },
] as const;

export const COUNTRY_OPTIONS = STORE_COUNTRIES.map((country) => ({ value: country.code, label: country.name }));

export const MCC_OPTIONS = MCC_CATALOGUE.map((entry) => ({ value: entry.code, label: mccLabel(entry) }));

export function emptyStoreForm(parentEntity: string, reference: string, type: string, country: string): TStoreFormIn {
  return {
    parentEntity,
    reference,
    name: '',
    email: '',
    phone: '',
    addressline1: '',
    addressline2: '',
    city: '',
    state: '',
    postCode: '',
    country,
    website: '',
    type: type === '1' ? '1' : '2',
    mcc: '',
  };
}

export function storeFormOf(activation: TStoreActivation): TStoreFormIn {
  return {
    parentEntity: activation.parent_entity,
    reference: activation.reference,
    name: activation.name,
    email: activation.email,
    phone: activation.phone,
    addressline1: activation.address.addressline1,
    addressline2: activation.address.addressline2,
    city: activation.address.city,
    state: activation.address.state,
    postCode: activation.address.postCode,
    country: activation.address.country || 'AE',
    website: activation.website,
    type: activation.type === STORE_TYPE.SOLE_TRADER ? '1' : '2',
    mcc: activation.mcc_code,
  };
}
