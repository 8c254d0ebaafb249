CREATE TABLE "level_prices" (
	"level_id" integer NOT NULL,
	"term_type" smallint NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "level_prices_level_id_term_type_pk" PRIMARY KEY("level_id","term_type"),
	CONSTRAINT "level_prices_ck" CHECK ("level_prices"."term_type" between 1 and 5 and "level_prices"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "member_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"growth_fen_per_point" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_settings_ck" CHECK ("member_settings"."id" = 1 and "member_settings"."growth_fen_per_point" > 0)
);
--> statement-breakpoint
ALTER TABLE "level_logs" ADD COLUMN "vip_end_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "level_prices" ADD CONSTRAINT "level_prices_level_id_user_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."user_levels"("id") ON DELETE cascade ON UPDATE no action;