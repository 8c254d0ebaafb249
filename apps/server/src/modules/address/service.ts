import type { Language } from '@bazaar/shared/constants/limits';
import { ADDRESS_LIMIT, type Address, type AddressInput, type AddressUpdate, type Area } from '@bazaar/shared/schemas/address';
import type { AppContext } from '../../context.ts';
import { invalid } from '../../lib/app-error.ts';
import * as repo from './repository.ts';

const notFound = () => invalid('address.errors.notFound');
const regionRequired = () => invalid('address.errors.regionRequired');

function toAddress(row: repo.AddressRow): Address {
  return {
    addrId: row.id,
    receiver: row.receiver,
    mobile: row.mobile,
    provinceId: row.provinceId,
    province: row.province,
    cityId: row.cityId,
    city: row.city,
    areaId: row.areaId,
    area: row.area,
    addr: row.addr,
    commonAddr: row.commonAddr,
  };
}

export type AddressService = ReturnType<typeof createAddressService>;

export function createAddressService(ctx: AppContext) {
  // The divisions never change while the server runs; ~3,600 lists at most (one per parent).
  const areaCache = ctx.caches.named<Area[]>('areas', { ttlMs: 24 * 3600_000, max: 4_000 });

  /**
   * Checks that province > city > district is a real chain (a city without districts ends the
   * chain with areaId 0) and answers the names from our own table, never the client's.
   */
  async function resolveRegion(input: Pick<AddressInput, 'provinceId' | 'cityId' | 'areaId'>) {
    const ids = [input.provinceId, input.cityId, ...(input.areaId ? [input.areaId] : [])];
    const found = new Map((await repo.findAreas(ctx.db, ids)).map((a) => [a.id, a]));
    const province = found.get(input.provinceId);
    const city = found.get(input.cityId);
    if (!province || province.level !== 1 || !city || city.level !== 2 || city.parentId !== province.id) throw regionRequired();
    if (!input.areaId) {
      if (city.hasChildren) throw regionRequired();
      return { provinceId: province.id, province: province.name, cityId: city.id, city: city.name, areaId: 0, area: '' };
    }
    const area = found.get(input.areaId);
    if (!area || area.level !== 3 || area.parentId !== city.id) throw regionRequired();
    return { provinceId: province.id, province: province.name, cityId: city.id, city: city.name, areaId: area.id, area: area.name };
  }

  /**
   * Addresses keep their region names in Chinese (orders copy them as they are); an English page
   * is answered the divisions' English names, looked up by the region ids.
   */
  async function localize(list: Address[], lang: Language): Promise<Address[]> {
    if (lang !== 'en' || list.length === 0) return list;
    const ids = [...new Set(list.flatMap((a) => [a.provinceId, a.cityId, a.areaId]).filter((id) => id > 0))];
    const names = await areaNamesEn(ids);
    return list.map((a) => ({
      ...a,
      province: names.get(a.provinceId) ?? a.province,
      city: names.get(a.cityId) ?? a.city,
      area: a.areaId ? (names.get(a.areaId) ?? a.area) : a.area,
    }));
  }
  /** The English names of these divisions by id (those that have one). */
  async function areaNamesEn(ids: number[]): Promise<Map<number, string>> {
    return new Map((await repo.findAreaNamesEn(ctx.db, ids)).map((a) => [a.id, a.nameEn!]));
  }
  const localizeOne = async (address: Address, lang: Language) => (await localize([address], lang))[0]!;

  return {
    /** The names of a province > city > district chain from our table (the store application uses it too). */
    resolveRegion,

    localize,
    areaNamesEn,

    listAreas(parentId: number, lang: Language = 'zh'): Promise<Area[]> {
      return areaCache.get(`${lang}:${parentId}`, () => repo.listAreas(ctx.db, parentId, lang));
    },

    /** The shopper's addresses, default first; names in Chinese unless `lang` asks otherwise. */
    async list(userId: string, lang: Language = 'zh'): Promise<Address[]> {
      return localize((await repo.listAddresses(ctx.db, userId)).map(toAddress), lang);
    },

    async get(userId: string, addrId: number, lang: Language = 'zh'): Promise<Address> {
      const row = await repo.findAddress(ctx.db, userId, addrId);
      if (!row) throw notFound();
      return localizeOne(toAddress(row), lang);
    },

    /** The first address becomes the default; at most ADDRESS_LIMIT per user. */
    async add(userId: string, input: AddressInput, lang: Language = 'zh'): Promise<Address> {
      const region = await resolveRegion(input);
      const saved = await ctx.db.transaction(async (tx) => {
        await repo.lockAddressBook(tx, userId);
        const count = await repo.countAddresses(tx, userId);
        if (count >= ADDRESS_LIMIT) throw invalid('address.errors.limit');
        const makeDefault = count === 0 || input.commonAddr;
        if (makeDefault) await repo.clearDefault(tx, userId);
        const row = await repo.insertAddress(tx, userId, { receiver: input.receiver, mobile: input.mobile, addr: input.addr, ...region }, makeDefault);
        return toAddress(row);
      });
      return localizeOne(saved, lang);
    },

    /** Edits an address; unticking "default" on the default address keeps it the default (one must remain). */
    async update(userId: string, input: AddressUpdate, lang: Language = 'zh'): Promise<Address> {
      const region = await resolveRegion(input);
      const saved = await ctx.db.transaction(async (tx) => {
        await repo.lockAddressBook(tx, userId);
        const current = await repo.findAddress(tx, userId, input.addrId);
        if (!current) throw notFound();
        if (input.commonAddr && !current.commonAddr) await repo.clearDefault(tx, userId);
        const row = await repo.updateAddress(tx, userId, input.addrId, {
          receiver: input.receiver,
          mobile: input.mobile,
          addr: input.addr,
          ...region,
          commonAddr: current.commonAddr || input.commonAddr,
        });
        return toAddress(row!);
      });
      return localizeOne(saved, lang);
    },

    async remove(userId: string, addrId: number): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        await repo.lockAddressBook(tx, userId);
        const row = await repo.deleteAddress(tx, userId, addrId);
        if (!row) throw notFound();
        if (row.commonAddr) await repo.promoteNewest(tx, userId);
      });
    },

    async setDefault(userId: string, addrId: number): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        await repo.lockAddressBook(tx, userId);
        const current = await repo.findAddress(tx, userId, addrId);
        if (!current) throw notFound();
        if (current.commonAddr) return;
        await repo.clearDefault(tx, userId);
        await repo.updateAddress(tx, userId, addrId, { commonAddr: true });
      });
    },
  };
}
