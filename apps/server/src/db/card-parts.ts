// The product and shop modules' named queries (product/repository.ts onShelfProductCard,
// shop/repository.ts openShopCard) as the activity modules (promotion, seckill) join them: flows
// hand them in, since a module knows no other module, and the shape they share lives here.
import type { SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

type Part<T> = SQL.Aliased<T>;

export interface CardParts {
  onShelfProductCard: (db: Db) => SubqueryWithSelection<
    {
      prodId: Part<number>;
      nameZh: Part<string>;
      nameEn: Part<string | null>;
      pic: Part<string>;
      price: Part<number>;
      soldNum: Part<number>;
      shopId: Part<number>;
    },
    'on_shelf_product'
  >;
  openShopCard: (db: Db) => SubqueryWithSelection<{ shopId: Part<number>; shopNameZh: Part<string>; shopNameEn: Part<string | null> }, 'shop_card'>;
}
