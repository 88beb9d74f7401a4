ALTER TABLE "customers" DROP CONSTRAINT "customers_kyc_state_known";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "account_state" text DEFAULT 'frozen.off,disabled.off,loginBanned.off,tradingBarred.off,withdrawalBarred.off' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "account_context" jsonb DEFAULT '{"reasons":{}}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "account_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Restrictions set before the account lifecycle existed carry over, with the reason staff gave last.
UPDATE "customers" c SET
  "account_state" = concat_ws(',',
    'frozen.' || CASE WHEN c."frozen" THEN 'on' ELSE 'off' END,
    'disabled.' || CASE WHEN c."disabled" THEN 'on' ELSE 'off' END,
    'loginBanned.' || CASE WHEN c."login_banned" THEN 'on' ELSE 'off' END,
    'tradingBarred.' || CASE WHEN c."trading_barred" THEN 'on' ELSE 'off' END,
    'withdrawalBarred.' || CASE WHEN c."withdrawal_barred" THEN 'on' ELSE 'off' END),
  "account_context" = jsonb_build_object('reasons', COALESCE((
    SELECT jsonb_object_agg(latest."state", latest."reason")
    FROM (
      SELECT DISTINCT ON (a."state") a."state", a."reason", a."value"
      FROM "account_state_changes" a
      WHERE a."customer_id" = c."id"
      ORDER BY a."state", a."id" DESC
    ) latest
    WHERE latest."value"
  ), '{}'::jsonb))
WHERE c."frozen" OR c."disabled" OR c."login_banned" OR c."trading_barred" OR c."withdrawal_barred";--> statement-breakpoint
ALTER TABLE "account_state_changes" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "account_state_changes" CASCADE;--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "frozen";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "disabled";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "login_banned";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "trading_barred";--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "withdrawal_barred";
