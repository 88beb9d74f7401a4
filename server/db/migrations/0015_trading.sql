CREATE TABLE "block_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"offering_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"shares" integer NOT NULL,
	"price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"order_id" integer,
	"state" text DEFAULT 'pending' NOT NULL,
	"context" jsonb DEFAULT '{"rejectionReason":null}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "block_applications_shares_positive" CHECK ("block_applications"."shares" > 0 and "block_applications"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "block_offerings" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"price" bigint NOT NULL,
	"min_shares" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "block_offerings_price_positive" CHECK ("block_offerings"."price" > 0 and "block_offerings"."min_shares" > 0),
	CONSTRAINT "block_offerings_window" CHECK ("block_offerings"."opens_at" < "block_offerings"."closes_at")
);
--> statement-breakpoint
CREATE TABLE "trade_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"product" text NOT NULL,
	"terms" jsonb NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"limit_price" bigint,
	"lots" integer NOT NULL,
	"shares" integer NOT NULL,
	"leverage" integer NOT NULL,
	"tax_ppm" integer NOT NULL,
	"margin" bigint NOT NULL,
	"notional" bigint,
	"open_fee" bigint DEFAULT 0 NOT NULL,
	"open_tax" bigint DEFAULT 0 NOT NULL,
	"close_fee" bigint DEFAULT 0 NOT NULL,
	"close_tax" bigint DEFAULT 0 NOT NULL,
	"realised_pnl" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"settles_at" timestamp with time zone,
	"state" text DEFAULT 'pending' NOT NULL,
	"context" jsonb DEFAULT '{"fillPrice":null,"filledAt":null,"unlockAt":null,"closePrice":null,"closedAt":null,"closedBy":null,"cancelledBy":null}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_orders_counts_positive" CHECK ("trade_orders"."lots" > 0 and "trade_orders"."shares" > 0 and "trade_orders"."leverage" > 0),
	CONSTRAINT "trade_orders_margin" CHECK ("trade_orders"."margin" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trade_products" (
	"code" text PRIMARY KEY NOT NULL,
	"terms" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "block_applications" ADD CONSTRAINT "block_applications_offering_id_block_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."block_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_applications" ADD CONSTRAINT "block_applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_applications" ADD CONSTRAINT "block_applications_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_orders" ADD CONSTRAINT "trade_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "block_applications_customer_idx" ON "block_applications" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "block_applications_state_idx" ON "block_applications" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "trade_orders_customer_idx" ON "trade_orders" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "trade_orders_customer_state_idx" ON "trade_orders" USING btree ("customer_id","state");--> statement-breakpoint
CREATE INDEX "trade_orders_state_idx" ON "trade_orders" USING btree ("state","symbol");--> statement-breakpoint
-- The house's counterparty account for customers' positions joins the known kinds.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_known;
--> statement-breakpoint
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_known CHECK (kind IN (
  'available', 'held', 'position_margin', 'loan_principal', 'ipo_deposit',
  'house_bank', 'house_fees', 'house_taxes', 'house_fx', 'house_suspense', 'house_trading'
));
