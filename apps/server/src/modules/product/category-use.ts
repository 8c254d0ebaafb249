// Named statement part for the platform console's category tree (flows/category-admin.ts): how
// many product rows cite a category. Deleted products count too, because their rows still refer
// to it (products.category_id is a foreign key), so such a category cannot be deleted either.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { qualified } from '../../db/named-query.ts';
import { products } from '../../db/schema/product.ts';

export const categoryProductCount = (categoryId: AnyColumn): SQL<number> =>
  sql<number>`(select count(*)::int from ${products} where ${qualified(products.categoryId)} = ${qualified(categoryId)})`;
