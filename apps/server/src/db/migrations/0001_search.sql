ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
-- Keep the heap narrow: long values (the HTML descriptions) move to TOAST, while the search
-- document stays inline (MAIN), so ranking thousands of matches reads few pages.
ALTER TABLE "products" SET (toast_tuple_target = 256);--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "search_vector" SET STORAGE MAIN;
