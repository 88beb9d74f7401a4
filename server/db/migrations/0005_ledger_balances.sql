ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_matches_kind";--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "idempotency_scope" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "reverses_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reverses_entry_id_journal_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reverses_entry_id_unique" UNIQUE("reverses_entry_id");--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_idempotency" UNIQUE("idempotency_scope","idempotency_key");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_customer_balance_sign" CHECK ("ledger_accounts"."customer_id" is null or (case when "ledger_accounts"."kind" = 'loan_principal' then "ledger_accounts"."balance" <= 0 else "ledger_accounts"."balance" >= 0 end));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_matches_kind" CHECK (starts_with("ledger_accounts"."kind", 'house_') = ("ledger_accounts"."customer_id" is null));