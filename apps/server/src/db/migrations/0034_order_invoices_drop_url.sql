ALTER TABLE "order_invoices" DROP COLUMN "file_url";--> statement-breakpoint
ALTER TABLE "order_invoices" DROP COLUMN "remarks";