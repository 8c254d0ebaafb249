// The one factory of order rows: checkout, the demo seed and every test kit build an order, its
// lines and its address copy here, so the sums and the copied columns never differ between them.
import { DELIVERY_TYPE, ORDER_MOLD, ORDER_STATUS, ORDER_TYPE } from '@bazaar/shared/constants/order-status';
import type { Tx } from '../../db/client.ts';
import { orderAddresses, orderItems, orders } from '../../db/schema/order.ts';

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = typeof orderItems.$inferInsert;
export type NewOrderAddress = typeof orderAddresses.$inferInsert;
export type AddressCopy = Omit<NewOrderAddress, 'orderNumber' | 'createdAt'>;

export interface OrderLine {
  productId: number;
  skuId: number;
  prodNameZh: string;
  prodNameEn?: string | null;
  skuNameZh?: string | null;
  skuNameEn?: string | null;
  pic?: string | null;
  /** Unit price, fen. */
  price: number;
  count: number;
  /** 1 when the product may be refunded. */
  isRefund?: number;
  /** 1 once the line is reviewed. */
  commSts?: number;
  /** Each reduction's share of the line, fen (the pricing pipeline's shares); none = no reduction. */
  shares?: LineShares;
  /** The shop promotion behind shares.promotion, if any. */
  discountId?: number | null;
  /** The points the line's points share stands for. */
  useScore?: number;
  /** The discount package the line was bought in (decision 046). */
  comboId?: number | null;
}

/** The pricing pipeline's per-line shares (decision 033), as the order stores them. */
export interface LineShares {
  /** The line's part of its discount package's saving (decision 046). */
  package: number;
  promotion: number;
  shopCoupon: number;
  platformCoupon: number;
  member: number;
  points: number;
}

const NO_SHARES: LineShares = { package: 0, promotion: 0, shopCoupon: 0, platformCoupon: 0, member: 0, points: 0 };

export interface OrderInput {
  orderNumber: string;
  userId: string;
  shopId: number;
  lines: OrderLine[];
  /** The address copy; virtual orders are not shipped and keep none. */
  address: AddressCopy | null;
  placedAt: Date;
  updatedAt?: Date;
  status?: number;
  orderType?: number;
  orderMold?: number;
  dvyType?: number;
  freight?: number;
  remarks?: string | null;
  checkoutUuid?: string | null;
  /** The searchable name; by default the lines' names in both languages, as checkout writes it. */
  prodName?: string;
  /** The rest of the order's columns (payment, delivery, close times) for orders built past "placed". */
  extra?: Partial<Omit<NewOrder, 'orderNumber' | 'userId' | 'shopId' | 'total' | 'actualTotal' | 'productNums'>>;
}

export interface OrderRows {
  order: NewOrder;
  items: NewOrderItem[];
  address: NewOrderAddress | null;
}

/**
 * An order's rows: totals, piece count and line sums computed once, here. The order's reductions
 * are the sums of its lines' shares, so the two never disagree.
 */
export function buildOrderRows(input: OrderInput): OrderRows {
  const mold = input.orderMold ?? ORDER_MOLD.physical;
  const total = input.lines.reduce((sum, l) => sum + l.price * l.count, 0);
  const freight = input.freight ?? 0;
  const reduced = { ...NO_SHARES };
  for (const l of input.lines) {
    const s = l.shares ?? NO_SHARES;
    reduced.package += s.package;
    reduced.promotion += s.promotion;
    reduced.shopCoupon += s.shopCoupon;
    reduced.platformCoupon += s.platformCoupon;
    reduced.member += s.member;
    reduced.points += s.points;
  }
  const reduceAmount = reduced.package + reduced.promotion + reduced.shopCoupon + reduced.platformCoupon + reduced.member + reduced.points;
  const order: NewOrder = {
    orderNumber: input.orderNumber,
    userId: input.userId,
    shopId: input.shopId,
    orderType: input.orderType ?? ORDER_TYPE.general,
    orderMold: mold,
    status: input.status ?? ORDER_STATUS.unpaid,
    dvyType: input.dvyType ?? (mold === ORDER_MOLD.virtual ? DELIVERY_TYPE.none : DELIVERY_TYPE.express),
    prodName: input.prodName ?? input.lines.map((l) => [l.prodNameZh, l.prodNameEn].filter(Boolean).join(' ')).join(' ').slice(0, 1000),
    productNums: input.lines.reduce((n, l) => n + l.count, 0),
    total,
    actualTotal: total - reduceAmount + freight,
    freight,
    reduceAmount,
    discountReduce: reduced.promotion,
    comboReduce: reduced.package,
    shopCouponReduce: reduced.shopCoupon,
    platformCouponReduce: reduced.platformCoupon,
    levelReduce: reduced.member,
    scoreReduce: reduced.points,
    useScore: input.lines.reduce((n, l) => n + (l.useScore ?? 0), 0),
    remarks: input.remarks ?? null,
    checkoutUuid: input.checkoutUuid ?? null,
    createdAt: input.placedAt,
    updatedAt: input.updatedAt ?? input.placedAt,
    ...input.extra,
  };
  const items: NewOrderItem[] = input.lines.map((l) => {
    const s = l.shares ?? NO_SHARES;
    const share = s.package + s.promotion + s.shopCoupon + s.platformCoupon + s.member + s.points;
    return {
      orderNumber: input.orderNumber,
      userId: input.userId,
      shopId: input.shopId,
      productId: l.productId,
      skuId: l.skuId,
      prodNameZh: l.prodNameZh,
      prodNameEn: l.prodNameEn ?? null,
      skuNameZh: l.skuNameZh ?? null,
      skuNameEn: l.skuNameEn ?? null,
      pic: l.pic ?? null,
      price: l.price,
      prodCount: l.count,
      productTotalAmount: l.price * l.count,
      actualTotal: l.price * l.count - share,
      shareReduce: share,
      platformShareReduce: s.platformCoupon + s.member + s.points,
      discountShare: s.promotion,
      discountId: l.discountId ?? null,
      shopCouponShare: s.shopCoupon,
      platformCouponShare: s.platformCoupon,
      levelShare: s.member,
      scoreShare: s.points,
      comboId: l.comboId ?? null,
      comboShare: s.package,
      useScore: l.useScore ?? 0,
      mold,
      ...(l.isRefund !== undefined ? { isRefund: l.isRefund } : {}),
      ...(l.commSts !== undefined ? { commSts: l.commSts } : {}),
      createdAt: input.placedAt,
    };
  });
  const address = input.address ? { ...input.address, orderNumber: input.orderNumber, createdAt: input.placedAt } : null;
  return { order, items, address };
}

/** Writes built rows (the seed and test kits; checkout sends them in its one statement). Answers the lines written. */
export async function insertOrderRows(tx: Tx, rows: OrderRows) {
  await tx.insert(orders).values(rows.order);
  const items = await tx
    .insert(orderItems)
    .values(rows.items)
    .returning({ id: orderItems.id, productId: orderItems.productId, skuNameZh: orderItems.skuNameZh, skuNameEn: orderItems.skuNameEn });
  if (rows.address) await tx.insert(orderAddresses).values(rows.address);
  return items;
}
