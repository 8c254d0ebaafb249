import type { uiCatalog as zh } from '../zh/ui-catalog.ts';
import type { Widen } from '../widen.ts';

export const uiCatalog: Widen<typeof zh> = {
  catalog: {
    card: {
      sold: '{{count}} sold',
      soldOut: 'Sold out',
    },
  },
};
