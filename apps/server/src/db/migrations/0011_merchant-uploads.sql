ALTER TABLE "files" ADD COLUMN "shop_id" integer;--> statement-breakpoint
CREATE INDEX "files_shop_idx" ON "files" USING btree ("shop_id");