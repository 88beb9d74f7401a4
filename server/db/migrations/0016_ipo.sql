CREATE TABLE "ipo_draws" (
	"offering_id" integer PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"seed" text NOT NULL,
	"seed_hash" text NOT NULL,
	"shares_offered" bigint NOT NULL,
	"min_shares" integer NOT NULL,
	"equal_share_bps" integer NOT NULL,
	"inputs" jsonb NOT NULL,
	"allocations" jsonb NOT NULL,
	"drawn_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ipo_offerings" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"market" text NOT NULL,
	"broker" text NOT NULL,
	"offer_price" bigint NOT NULL,
	"shares_offered" bigint NOT NULL,
	"min_shares" integer NOT NULL,
	"max_times" integer NOT NULL,
	"min_funds" bigint DEFAULT 0 NOT NULL,
	"deposit_pct" integer NOT NULL,
	"equal_share_bps" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"payment_deadline" timestamp with time zone NOT NULL,
	"listing_at" timestamp with time zone NOT NULL,
	"publication" text DEFAULT 'draft' NOT NULL,
	"seed" text,
	"seed_hash" text,
	"demo" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ipo_offerings_terms" CHECK ("ipo_offerings"."offer_price" > 0 and "ipo_offerings"."shares_offered" > 0 and "ipo_offerings"."min_shares" > 0 and "ipo_offerings"."max_times" > 0),
	CONSTRAINT "ipo_offerings_schedule" CHECK ("ipo_offerings"."opens_at" < "ipo_offerings"."closes_at" and "ipo_offerings"."closes_at" <= "ipo_offerings"."draw_at" and "ipo_offerings"."draw_at" <= "ipo_offerings"."payment_deadline" and "ipo_offerings"."payment_deadline" <= "ipo_offerings"."listing_at"),
	CONSTRAINT "ipo_offerings_published_seed" CHECK ("ipo_offerings"."publication" = 'draft' or ("ipo_offerings"."seed" is not null and "ipo_offerings"."seed_hash" is not null))
);
--> statement-breakpoint
CREATE TABLE "ipo_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"offering_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"shares" bigint NOT NULL,
	"offer_price" bigint NOT NULL,
	"deposit" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"order_id" integer,
	"state" text DEFAULT 'subscribing' NOT NULL,
	"context" jsonb DEFAULT '{"allotted":null,"drawnAt":null,"waivedBy":null}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ipo_subscriptions_amounts" CHECK ("ipo_subscriptions"."shares" > 0 and "ipo_subscriptions"."deposit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ipo_draws" ADD CONSTRAINT "ipo_draws_offering_id_ipo_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."ipo_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_offering_id_ipo_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."ipo_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ipo_subscriptions_customer_idx" ON "ipo_subscriptions" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "ipo_subscriptions_offering_idx" ON "ipo_subscriptions" USING btree ("offering_id","customer_id");--> statement-breakpoint
-- hand-written: the house's IPO account (payments for allotments until listing) joins the known kinds.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_known;
--> statement-breakpoint
-- hand-written: (continued)
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_known CHECK (kind IN (
  'available', 'held', 'position_margin', 'loan_principal', 'ipo_deposit',
  'house_bank', 'house_fees', 'house_taxes', 'house_fx', 'house_suspense', 'house_trading',
  'house_ipo'
));
