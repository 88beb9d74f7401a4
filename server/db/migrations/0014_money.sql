CREATE SEQUENCE "public"."exchange_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1;--> statement-breakpoint
CREATE TABLE "balance_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"proposed_by" integer NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"entry_id" bigint,
	CONSTRAINT "balance_adjustments_state_known" CHECK ("balance_adjustments"."state" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "balance_adjustments_amount_nonzero" CHECK ("balance_adjustments"."amount" <> 0),
	CONSTRAINT "balance_adjustments_two_staff" CHECK ("balance_adjustments"."decided_by" is null or "balance_adjustments"."decided_by" <> "balance_adjustments"."proposed_by")
);
--> statement-breakpoint
CREATE TABLE "channel_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"channel_id" integer NOT NULL,
	"reason" text NOT NULL,
	"decision" text DEFAULT 'pending' NOT NULL,
	"proposed_by" integer NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" integer PRIMARY KEY DEFAULT nextval('fund_order_ids') NOT NULL,
	"customer_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"voucher_id" text NOT NULL,
	"entry_id" bigint,
	"state" text DEFAULT 'pending.waiting' NOT NULL,
	"context" jsonb DEFAULT '{"rejectionReason":null}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "exchange_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"receive" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"rate" text NOT NULL,
	"from_krw_per_unit" text NOT NULL,
	"to_krw_per_unit" text NOT NULL,
	"spread_bps" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchanges" (
	"id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"quote_id" text NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"receive" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"rate" text NOT NULL,
	"sold_entry_id" bigint NOT NULL,
	"bought_entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchanges_quote_unique" UNIQUE("quote_id")
);
--> statement-breakpoint
CREATE TABLE "receiving_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" integer PRIMARY KEY DEFAULT nextval('fund_order_ids') NOT NULL,
	"customer_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"card_id" integer,
	"wallet_id" integer,
	"destination_label" text NOT NULL,
	"expected_arrival" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending.waiting' NOT NULL,
	"context" jsonb DEFAULT '{"approvals":[],"rejectionReason":null,"reference":null}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_one_destination" CHECK (("withdrawals"."card_id" is null) <> ("withdrawals"."wallet_id" is null))
);
--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_proposed_by_staff_accounts_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_decided_by_staff_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_proposals" ADD CONSTRAINT "channel_proposals_channel_id_receiving_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."receiving_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_proposals" ADD CONSTRAINT "channel_proposals_proposed_by_staff_accounts_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_proposals" ADD CONSTRAINT "channel_proposals_decided_by_staff_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_voucher_id_uploads_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_quotes" ADD CONSTRAINT "exchange_quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_quote_id_exchange_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."exchange_quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_sold_entry_id_journal_entries_id_fk" FOREIGN KEY ("sold_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_bought_entry_id_journal_entries_id_fk" FOREIGN KEY ("bought_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_card_id_bank_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."bank_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_adjustments_state_idx" ON "balance_adjustments" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_voucher_unique" ON "deposits" USING btree ("voucher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_one_pending" ON "deposits" USING btree ("customer_id") WHERE "deposits"."state" like 'pending%';--> statement-breakpoint
CREATE INDEX "deposits_customer_idx" ON "deposits" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "deposits_created_idx" ON "deposits" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "exchange_quotes_customer_idx" ON "exchange_quotes" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "exchanges_customer_idx" ON "exchanges" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "receiving_channels_currency_idx" ON "receiving_channels" USING btree ("currency","active");--> statement-breakpoint
CREATE INDEX "withdrawals_customer_idx" ON "withdrawals" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_card_idx" ON "withdrawals" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "withdrawals_wallet_idx" ON "withdrawals" USING btree ("wallet_id");--> statement-breakpoint
CREATE INDEX "withdrawals_state_idx" ON "withdrawals" USING btree ("state","created_at");