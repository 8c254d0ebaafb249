// Texts shared by every product list (cards). Keys are shared with en/ui-catalog.ts.
export const uiCatalog = {
  catalog: {
    card: {
      sold: '已售 {{count}}',
      soldOut: '已售罄',
    },
  },
};
