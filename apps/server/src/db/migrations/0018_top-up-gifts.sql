ALTER TABLE "balance_logs" ADD COLUMN "gift_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_logs" ADD COLUMN "gift_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_logs" ADD COLUMN "gift_growth" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_logs" ADD CONSTRAINT "balance_logs_gift_ck" CHECK ("balance_logs"."gift_amount" >= 0 and "balance_logs"."gift_score" >= 0 and "balance_logs"."gift_growth" >= 0);