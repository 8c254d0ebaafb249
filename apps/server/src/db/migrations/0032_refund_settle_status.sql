ALTER TABLE "refunds" ADD COLUMN "settle_status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "refunds_settle_idx" ON "refunds" USING btree ("settle_status") WHERE "refunds"."settle_status" in (1, 3);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_settle_ck" CHECK ("refunds"."settle_status" between 0 and 3);