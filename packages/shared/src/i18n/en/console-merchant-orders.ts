// The merchant center's dashboard, order filters and export, and voucher write-off texts;
// spread into console-merchant.ts. zh/console-merchant-orders.ts has the same keys.
import type { consoleMerchantOrders as zh } from '../zh/console-merchant-orders.ts';
import type { Widen } from '../widen.ts';

export const consoleMerchantOrders: Widen<typeof zh> = {
  dashboard: {
    title: 'Overview',
    today: 'Today ({{date}}, Beijing time)',
    todayOrders: 'Paid orders today',
    todaySales: 'Sales today',
    monthOrders: 'Paid orders this month',
    monthSales: 'Sales this month',
    toShip: 'Orders to ship',
    toShipLink: 'Ship now',
    lowStock: 'Low-stock SKUs',
    lowStockHint: 'At most {{threshold}} left in stock (unlimited stock excluded)',
    lowStockNone: 'No SKU is low on stock',
    lowStockColumns: { product: 'Product', sku: 'Specification', stocks: 'Stock' },
    chartTitle: 'Sales in the last 30 days',
    chartOrders: 'Paid orders',
    chartSales: 'Sales (CNY)',
    chartTable: 'Paid orders and sales per day, last 30 days',
    chartColumns: { date: 'Date', orders: 'Paid orders', sales: 'Sales' },
  },
  orderFilters: {
    prodName: 'Product name',
    buyer: 'Buyer nickname or mobile',
    dateRange: 'Placed between',
    dateFrom: 'Start date',
    dateTo: 'End date',
    apply: 'Search',
    reset: 'Reset',
    export: 'Export CSV',
    exporting: 'Exporting…',
    exported: 'Exported {{file}}',
    buyerColumn: 'Buyer',
  },
  writeOff: {
    title: 'Redeem vouchers',
    hint: 'Enter the voucher code the buyer shows (12 letters and digits, any case)',
    code: 'Voucher code',
    codeRequired: 'Enter the voucher code',
    submit: 'Redeem',
    done: 'Redeemed',
    order: 'Order number',
    product: 'Product',
    usedAt: 'Redeemed at',
    remaining: 'Codes of this order still unused',
    history: 'Redeemed in this session',
  },
};
