ALTER TABLE "shops" DROP CONSTRAINT "shops_freight_ck";--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "freight_rule" jsonb DEFAULT '{"chargeType":0,"freeFrom":null,"base":{"first":1,"firstFee":0,"more":1,"moreFee":0},"regions":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "weight" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_weight_ck" CHECK ("skus"."weight" >= 0);--> statement-breakpoint
-- Each shop's flat fee and threshold become its rule (decision 043).
UPDATE "shops" SET "freight_rule" = jsonb_build_object('chargeType', 0, 'freeFrom', "free_freight_from", 'base', jsonb_build_object('first', 1, 'firstFee', "freight", 'more', 1, 'moreFee', 0), 'regions', '[]'::jsonb);--> statement-breakpoint
ALTER TABLE "shops" DROP COLUMN "freight";--> statement-breakpoint
ALTER TABLE "shops" DROP COLUMN "free_freight_from";