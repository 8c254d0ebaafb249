import { z } from 'zod';
import { textInput } from './text.ts';
import { PhoneSchema } from './account.ts';

/** Most delivery addresses a shopper may keep (reference 5.11; the specification leaves it open). */
export const ADDRESS_LIMIT = 20;
export const RECEIVER_MAX_LENGTH = 20;
export const ADDRESS_DETAIL_MAX_LENGTH = 100;

/** One administrative division (GB/T 2260 code): level 1 province, 2 city, 3 district. */
export const AreaSchema = z.object({
  areaId: z.number().int(),
  areaName: z.string(),
  parentId: z.number().int(),
  level: z.number().int(),
});
export type Area = z.infer<typeof AreaSchema>;

export const AreaQuerySchema = z.object({
  pid: z.coerce.number('validation.id').int('validation.id').min(0, 'validation.id').max(999_999_999, 'validation.id').default(0),
});

const regionId = z.coerce
  .number({ error: 'address.errors.regionRequired' })
  .int('address.errors.regionRequired')
  .min(1, 'address.errors.regionRequired')
  .max(999_999_999, 'address.errors.regionRequired');

/**
 * What the shopper types (section 5: recipient, a well-formed phone and the full region are
 * required), in the order the form checks them. Region names come from the server's own table.
 * areaId is 0 for the few cities that have no districts.
 */
export const AddressInputSchema = z.object({
  receiver: textInput('address.errors.receiverRequired')
    .trim()
    .min(1, 'address.errors.receiverRequired')
    .max(RECEIVER_MAX_LENGTH, 'address.errors.receiverTooLong'),
  mobile: PhoneSchema,
  provinceId: regionId,
  cityId: regionId,
  areaId: z.coerce
    .number({ error: 'address.errors.regionRequired' })
    .int('address.errors.regionRequired')
    .min(0, 'address.errors.regionRequired')
    .max(999_999_999, 'address.errors.regionRequired'),
  addr: textInput('address.errors.addrRequired')
    .trim()
    .min(1, 'address.errors.addrRequired')
    .max(ADDRESS_DETAIL_MAX_LENGTH, 'address.errors.addrTooLong'),
  /** Make this the default address. */
  commonAddr: z.boolean().default(false),
});
export type AddressInput = z.infer<typeof AddressInputSchema>;

export const AddressUpdateSchema = AddressInputSchema.extend({
  addrId: z.coerce.number('validation.id').int('validation.id').min(1, 'validation.id').max(2_147_483_647, 'validation.id'),
});
export type AddressUpdate = z.infer<typeof AddressUpdateSchema>;

export const AddressIdParamSchema = z.object({
  addrId: z.coerce.number('validation.id').int('validation.id').min(1, 'validation.id').max(2_147_483_647, 'validation.id'),
});

export const AddressSchema = z.object({
  addrId: z.number().int(),
  receiver: z.string(),
  mobile: z.string(),
  provinceId: z.number().int(),
  province: z.string(),
  cityId: z.number().int(),
  city: z.string(),
  /** 0 when the city has no districts. */
  areaId: z.number().int(),
  area: z.string(),
  addr: z.string(),
  commonAddr: z.boolean(),
});
export type Address = z.infer<typeof AddressSchema>;

/** Province, city and district joined for display (a city without districts has no district part). */
export function formatRegion(a: Pick<Address, 'province' | 'city' | 'area'>): string {
  return [a.province, a.city === a.province ? '' : a.city, a.area].filter(Boolean).join(' ');
}
