// The points mall (issue 29): the server's messages (errors) for points items and points orders; keys shared with zh/pointsmall-messages.ts.
export const pointsmallMessages = {
  pointsmall: {
    errors: {
      notFound: 'This points item does not exist or is no longer exchangeable',
      itemNotFound: 'Points item not found',
      offShelf: 'This points item has been taken off the shelf',
      changed: 'This item changed since you confirmed (its price or shelf); please place the exchange again',
      sku: 'Please choose a specification of this item',
      count: 'Please enter the correct number of items (1 to 999)',
      insufficient: 'Insufficient inventory',
      limit: 'Exceeds the purchase limit: at most {{max}} per person, you can exchange {{left}} more',
      notEnoughScore: 'Not enough points: this exchange needs {{need}}, and you have {{have}}',
      tooLarge: 'This exchange is too large for one order; please exchange fewer units',
      notRefundable: 'Points-mall orders cannot be refunded or returned',
      product: 'Choose a product of a self-run store',
      notSelfRun: 'Only products of the platform’s self-run stores can be points items',
      productDeleted: 'This product has been deleted',
      productOffShelf: 'Put the product on the shelf first: an item shows only while its product is on the shelf',
      itemExists: 'This product is already a points item; edit that item instead',
      scorePrice: 'The points price must be a whole number from 1 to 100,000,000',
      cashPrice: 'The cash part must be from ¥0.00 to ¥1,000,000.00',
      stocks: 'The stock must be a whole number from 0 to 1,000,000',
      stocksChanged: 'Units were exchanged meanwhile and the stock cannot go below 0; reload and try again',
      noSkuStock: 'The product has no stock left: this points item cannot be put on shelf',
      maxNum: 'The limit per person must be -1 (no limit) or from 1 to 999',
    },
  },
};
