ALTER TABLE "order_invoices" ADD COLUMN "amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD COLUMN "fail_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "order_invoices" ADD COLUMN "file_id" integer;--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_invoices_shop_idx" ON "order_invoices" USING btree ("shop_id","invoice_state","id");--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_tax_ck" CHECK (("order_invoices"."header_type" = 1) = ("order_invoices"."invoice_tax_number" is not null));--> statement-breakpoint
ALTER TABLE "order_invoices" ADD CONSTRAINT "order_invoices_done_ck" CHECK (("order_invoices"."invoice_state" <> 2 or "order_invoices"."file_id" is not null) and ("order_invoices"."invoice_state" <> 3 or "order_invoices"."fail_reason" is not null));