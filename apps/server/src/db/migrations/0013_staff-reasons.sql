ALTER TABLE "users" ADD COLUMN "disabled_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "offline_reason" varchar(200);