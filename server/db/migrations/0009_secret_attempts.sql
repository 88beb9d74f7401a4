CREATE TABLE "secret_attempts" (
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"source" text NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"lock_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "secret_attempts_kind_account_source_pk" PRIMARY KEY("kind","account","source")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "legacy_case_duplicate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "legacy_case_duplicate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "secret_attempts_updated_idx" ON "secret_attempts" USING btree ("updated_at");--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "fund_password_failures";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "fund_password_locked_until";--> statement-breakpoint
ALTER TABLE "staff_accounts" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "staff_accounts" DROP COLUMN "locked_until";