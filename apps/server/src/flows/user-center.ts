// GET /p/user/centerInfo: the user center's summary, put together from its owners (account,
// order, after-sales and shop), one prepared query each, side by side.
import { SHOP_STATUS } from '@bazaar/shared/constants/shop-status';
import type { CenterInfo } from '@bazaar/shared/schemas/account';
import type { AppContext } from '../context.ts';
import { isPasswordSet } from '../modules/account/service.ts';
import { countOpenRefunds } from '../modules/aftersale/repository.ts';
import { countOrdersByStatus } from '../modules/order/user-counts.ts';
import { findUserShop } from '../modules/shop/repository.ts';

export async function userCenterInfo(ctx: AppContext, userId: string): Promise<CenterInfo> {
  const [isSetPassword, counts, refund, shop] = await Promise.all([isPasswordSet(ctx, userId), countOrdersByStatus(ctx.db, userId), countOpenRefunds(ctx.db, userId), findUserShop(ctx.db, userId)]);
  return {
    isSetPassword,
    orderCountData: { ...counts, refund },
    shopAuditStatus: shop?.auditStatus ?? null,
    shopStatus: shop?.status ?? SHOP_STATUS.none,
    shopId: shop?.id ?? null,
  };
}
