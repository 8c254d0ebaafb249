import { bigint, index, integer, jsonb, pgTable, primaryKey, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, serialNumber, tstz, updatedAt } from './columns.ts';
import { orders, orderItems } from './order.ts';

/** Courier companies the shops ship with. */
export const deliveryCompanies = pgTable('delivery_companies', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  nameZh: varchar('name_zh', { length: 50 }).notNull(),
  nameEn: varchar('name_en', { length: 100 }),
  code: varchar('code', { length: 32 }).notNull().unique('delivery_companies_code_uq'),
  seq: integer('seq').notNull().default(0),
  status: smallint('status').notNull().default(1),
});

/** A package of an order. state: 0 none, 1 collected, 2 in transit, 201 at destination city, 3 signed, 4 faulty. */
export const orderDeliveries = pgTable(
  'order_deliveries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderNumber: serialNumber('order_number')
      .notNull()
      .references(() => orders.orderNumber, { onDelete: 'cascade' }),
    dvyId: integer('dvy_id').references(() => deliveryCompanies.id),
    dvyName: varchar('dvy_name', { length: 100 }),
    dvyFlowId: varchar('dvy_flow_id', { length: 64 }),
    state: smallint('state').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('order_deliveries_order_idx').on(t.orderNumber), index('order_deliveries_flow_idx').on(t.dvyFlowId)],
);

export const orderDeliveryItems = pgTable(
  'order_delivery_items',
  {
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => orderDeliveries.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.orderItemId] })],
);

/** The logistics timeline of a package. */
export const deliveryTraces = pgTable(
  'delivery_traces',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => orderDeliveries.id, { onDelete: 'cascade' }),
    acceptTime: tstz('accept_time').notNull(),
    acceptStation: text('accept_station').notNull(),
    state: smallint('state').notNull().default(2),
    /** The courier sandbox's scan as a message key and parameters (providers/courier/trace-text.ts); null for a real courier's text. */
    message: jsonb('message'),
  },
  (t) => [index('delivery_traces_delivery_idx').on(t.deliveryId, t.acceptTime)],
);
