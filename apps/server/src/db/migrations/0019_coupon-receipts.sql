CREATE TABLE "coupon_receipts" (
	"coupon_id" integer NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "coupon_receipts_coupon_id_user_id_pk" PRIMARY KEY("coupon_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "coupon_receipts" ADD CONSTRAINT "coupon_receipts_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_receipts" ADD CONSTRAINT "coupon_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;