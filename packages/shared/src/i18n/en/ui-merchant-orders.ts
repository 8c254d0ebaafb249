// The API's texts for the merchant's order search, export and voucher write-off.
// Keys are shared with zh/ui-merchant-orders.ts.
export const uiMerchantOrders = {
  merchantOrders: {
    errors: {
      date: 'Enter a valid date (year-month-day)',
      dateRange: 'The start date cannot be after the end date',
      prodName: 'The product name can have at most 30 characters',
      buyer: "The buyer's nickname or mobile can have at most 30 characters",
      format: 'Unknown export format',
      exportTooMany: 'At most {{max}} orders can be exported at once; narrow the dates or add a filter',
      codeInvalid: 'Enter a valid voucher code',
      codeNotFound: 'Voucher code not found; check it and try again',
      codeOtherShop: 'This voucher code belongs to another shop and cannot be redeemed here',
      codeUsed: 'This voucher code was already redeemed at {{time}} and cannot be used again',
      codeExpired: 'This voucher code has expired and cannot be redeemed',
      codeOrderState: 'The order cannot be redeemed in its current status',
    },
    export: {
      columns: {
        orderNumber: 'Order number',
        createTime: 'Placed at',
        payTime: 'Paid at',
        status: 'Status',
        buyer: 'Buyer',
        items: 'Items',
        pieces: 'Pieces',
        goodsTotal: 'Goods total (CNY)',
        freight: 'Freight (CNY)',
        reduce: 'Discount (CNY)',
        actualTotal: 'Paid (CNY)',
        receiver: 'Receiver',
        mobile: 'Phone',
        address: 'Address',
        remarks: 'Buyer remarks',
      },
      status: { 1: 'Unpaid', 2: 'To ship', 3: 'Shipped', 5: 'Completed', 6: 'Cancelled', 7: 'Grouping' },
    },
  },
};
