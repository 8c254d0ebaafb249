// Every en text of the mall. Keys match the other language's catalog (a test checks). The
// storefront loads the two halves separately (see web lib/texts.ts); the server holds both.
import { catalogCore } from './catalog-core.ts';
import { catalogMore } from './catalog-more.ts';

export const catalog = { ...catalogCore, ...catalogMore };
export type Catalog = typeof catalog;
