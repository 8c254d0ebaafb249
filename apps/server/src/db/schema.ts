// The one pg-core schema. Each domain keeps its tables in its own file under schema/;
// this file only gathers them for drizzle and drizzle-kit.
export * from './schema/account.ts';
export * from './schema/shop.ts';
export * from './schema/catalog.ts';
export * from './schema/cart.ts';
export * from './schema/order.ts';
export * from './schema/payment.ts';
export * from './schema/aftersale.ts';
export * from './schema/promotion.ts';
export * from './schema/wallet.ts';
export * from './schema/member.ts';
export * from './schema/content.ts';
