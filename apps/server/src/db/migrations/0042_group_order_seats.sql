ALTER TABLE "group_orders" ADD COLUMN "group_sku_id" integer;--> statement-breakpoint
ALTER TABLE "group_orders" ADD COLUMN "moved_from_team_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "group_orders_team_user_uq" ON "group_orders" USING btree ("group_team_id","user_id") WHERE "group_orders"."status" >= 0 and "group_orders"."user_id" <> '0';