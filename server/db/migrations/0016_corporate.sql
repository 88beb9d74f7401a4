CREATE TABLE "corporate_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"record_at" timestamp with time zone NOT NULL,
	"pay_at" timestamp with time zone NOT NULL,
	"window_closes_at" timestamp with time zone,
	"per_share" bigint,
	"issue_price" bigint,
	"ratio_ppm" integer,
	"market" text NOT NULL,
	"price_factor_ppm" integer NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"state" text DEFAULT 'announced' NOT NULL,
	"context" jsonb DEFAULT '{"cancelReason":null}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corporate_actions_dates" CHECK ("corporate_actions"."record_at" < "corporate_actions"."pay_at"),
	CONSTRAINT "corporate_actions_terms" CHECK (case when "corporate_actions"."kind" = 'dividend' then "corporate_actions"."per_share" > 0 else "corporate_actions"."issue_price" > 0 and "corporate_actions"."ratio_ppm" > 0 and "corporate_actions"."window_closes_at" > "corporate_actions"."record_at" and "corporate_actions"."window_closes_at" <= "corporate_actions"."pay_at" end)
);
--> statement-breakpoint
CREATE TABLE "corporate_entitlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"action_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"shares_held" integer NOT NULL,
	"entitled_shares" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"entry_id" bigint,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corporate_entitlements_action_customer" UNIQUE("action_id","customer_id"),
	CONSTRAINT "corporate_entitlements_amounts" CHECK ("corporate_entitlements"."gross" = "corporate_entitlements"."tax" + "corporate_entitlements"."net")
);
--> statement-breakpoint
CREATE TABLE "rights_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"action_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"shares" integer NOT NULL,
	"price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"order_id" integer,
	"state" text DEFAULT 'applied' NOT NULL,
	"context" jsonb DEFAULT '{"refusalReason":null}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rights_applications_positive" CHECK ("rights_applications"."shares" > 0 and "rights_applications"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "corporate_entitlements" ADD CONSTRAINT "corporate_entitlements_action_id_corporate_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."corporate_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_entitlements" ADD CONSTRAINT "corporate_entitlements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_entitlements" ADD CONSTRAINT "corporate_entitlements_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_applications" ADD CONSTRAINT "rights_applications_action_id_corporate_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."corporate_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_applications" ADD CONSTRAINT "rights_applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_applications" ADD CONSTRAINT "rights_applications_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corporate_actions_record_idx" ON "corporate_actions" USING btree ("record_at");--> statement-breakpoint
CREATE INDEX "corporate_entitlements_customer_idx" ON "corporate_entitlements" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "rights_applications_customer_idx" ON "rights_applications" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "rights_applications_action_idx" ON "rights_applications" USING btree ("action_id","state");--> statement-breakpoint
-- hand-written: the house's dividend and withholding-tax accounts join the known kinds.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_known;
--> statement-breakpoint
-- hand-written: (the list of 0015_trading.sql plus house_dividends and house_withholding)
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_known CHECK (kind IN (
  'available', 'held', 'position_margin', 'loan_principal', 'ipo_deposit',
  'house_bank', 'house_fees', 'house_taxes', 'house_fx', 'house_suspense', 'house_trading',
  'house_dividends', 'house_withholding'
));
