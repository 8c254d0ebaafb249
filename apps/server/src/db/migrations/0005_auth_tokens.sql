CREATE TABLE "auth_attempts" (
	"audience" varchar(16) NOT NULL,
	"account" varchar(80) NOT NULL,
	"attempts" integer NOT NULL,
	"window_ends" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "auth_attempts_audience_account_pk" PRIMARY KEY("audience","account")
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"audience" varchar(16) NOT NULL,
	"subject" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" varchar(255),
	"ip" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "admin_users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" varchar(32) NOT NULL,
	"password_hash" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "auth_tokens_subject_idx" ON "auth_tokens" USING btree ("audience","subject","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_users_username_uq" ON "admin_users" USING btree (lower("username"));--> statement-breakpoint
-- Shoppers keep their sessions: their tokens move into the one token store.
INSERT INTO "auth_tokens" ("token_hash", "audience", "subject", "created_at", "expires_at", "revoked_at", "user_agent", "ip")
SELECT "token_hash", 'shopper', "user_id", "created_at", "expires_at", "revoked_at", "user_agent", "ip" FROM "user_tokens";
