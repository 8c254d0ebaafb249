// Every en text of the mall. Keys match the other language's catalog (a test checks). The
// storefront loads the two halves separately (see web lib/texts.ts); the server holds both, and
// the texts it alone words for a page (ui-home-server.ts).
import { catalogCore } from './catalog-core.ts';
import { catalogMore } from './catalog-more.ts';
import { uiHomeServer } from './ui-home-server.ts';

export const catalog = { ...catalogCore, ...catalogMore, ...uiHomeServer };
export type Catalog = typeof catalog;
