CREATE TABLE "refund_payments" (
	"refund_no" varchar(64) PRIMARY KEY NOT NULL,
	"refund_sn" varchar(20) NOT NULL,
	"order_number" varchar(20) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"pay_no" varchar(20),
	"pay_type" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"pay_amount" bigint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"provider_refund_no" varchar(64),
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_try_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_payments_ck" CHECK ("refund_payments"."amount" >= 0 and "refund_payments"."amount" <= "refund_payments"."pay_amount" and "refund_payments"."status" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_refunds" (
	"pay_type" smallint NOT NULL,
	"refund_no" varchar(64) NOT NULL,
	"pay_no" varchar(64) NOT NULL,
	"gateway_refund_no" varchar(64) NOT NULL,
	"amount" bigint NOT NULL,
	"completes_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_gateway_refunds_pay_type_refund_no_pk" PRIMARY KEY("pay_type","refund_no")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "refund_payments_refund_sn_uq" ON "refund_payments" USING btree ("refund_sn");--> statement-breakpoint
CREATE INDEX "refund_payments_open_idx" ON "refund_payments" USING btree ("status","next_try_at") WHERE "refund_payments"."status" <> 2;