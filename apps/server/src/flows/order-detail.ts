// The shopper's order detail: the order module's answer, with the delivery address's region named
// in English on English pages by the address module (which owns the divisions and their names).
import type { Language } from '@bazaar/shared/constants/limits';
import type { OrderDetail } from '@bazaar/shared/schemas/order';
import type { AppContext } from '../context.ts';
import { createAddressService } from '../modules/address/service.ts';
import { createOrderService } from '../modules/order/service.ts';

export function orderDetail(ctx: AppContext, userId: string, orderNumber: string, lang: Language): Promise<OrderDetail> {
  const regionNames = lang === 'en' ? (ids: number[]) => createAddressService(ctx).areaNamesEn(ids) : undefined;
  return createOrderService(ctx).detail(userId, orderNumber, lang, regionNames);
}
