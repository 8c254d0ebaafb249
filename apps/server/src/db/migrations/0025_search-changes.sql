CREATE TABLE "product_changes" (
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"product_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_changes_xid_idx" ON "product_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "product_changes_at_idx" ON "product_changes" USING btree ("at");--> statement-breakpoint
CREATE FUNCTION "product_changes_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_changes" ("product_id") SELECT "id" FROM "changed_rows";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "product_changes_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only what search reads: a stock or sales move is logged, a description edit is not.
  INSERT INTO "product_changes" ("product_id")
  SELECT n."id" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
  WHERE (n."status", n."shop_id", n."category_id", n."shop_category_id", n."price", n."total_stocks", n."sold_num", n."created_at", n."search_vector")
    IS DISTINCT FROM (o."status", o."shop_id", o."category_id", o."shop_category_id", o."price", o."total_stocks", o."sold_num", o."created_at", o."search_vector");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_log_inserts" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_changes_inserted"();--> statement-breakpoint
CREATE TRIGGER "products_log_updates" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_changes_updated"();--> statement-breakpoint
CREATE TRIGGER "products_log_deletes" AFTER DELETE ON "products" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_changes_inserted"();
