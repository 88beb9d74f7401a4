CREATE TABLE "auction_bids" (
	"id" serial PRIMARY KEY NOT NULL,
	"auction_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"price" bigint NOT NULL,
	"shares" integer NOT NULL,
	"held" bigint NOT NULL,
	"order_id" integer,
	"state" text DEFAULT 'placed' NOT NULL,
	"context" jsonb DEFAULT '{"won":null,"decidedAt":null}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_bids_positive" CHECK ("auction_bids"."price" > 0 and "auction_bids"."shares" > 0 and "auction_bids"."held" > 0)
);
--> statement-breakpoint
CREATE TABLE "auctions" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"market" text NOT NULL,
	"shares_offered" integer NOT NULL,
	"reserve_price" bigint NOT NULL,
	"min_shares" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"state" text DEFAULT 'draft' NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auctions_positive" CHECK ("auctions"."shares_offered" > 0 and "auctions"."reserve_price" > 0 and "auctions"."min_shares" > 0),
	CONSTRAINT "auctions_window" CHECK ("auctions"."opens_at" < "auctions"."closes_at")
);
--> statement-breakpoint
CREATE TABLE "placement_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"placement_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"shares" integer NOT NULL,
	"price" bigint NOT NULL,
	"deposit" bigint NOT NULL,
	"order_id" integer,
	"state" text DEFAULT 'applied' NOT NULL,
	"context" jsonb DEFAULT '{"allotted":null,"allottedAt":null}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placement_applications_positive" CHECK ("placement_applications"."shares" > 0 and "placement_applications"."deposit" > 0)
);
--> statement-breakpoint
CREATE TABLE "placements" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"market" text NOT NULL,
	"price" bigint NOT NULL,
	"shares_offered" integer NOT NULL,
	"tiers" jsonb NOT NULL,
	"deposit_pct" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"payment_hours" integer NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"state" text DEFAULT 'draft' NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placements_positive" CHECK ("placements"."price" > 0 and "placements"."shares_offered" > 0 and "placements"."deposit_pct" between 1 and 100 and "placements"."payment_hours" > 0),
	CONSTRAINT "placements_window" CHECK ("placements"."opens_at" < "placements"."closes_at")
);
--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_applications" ADD CONSTRAINT "placement_applications_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_applications" ADD CONSTRAINT "placement_applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_applications" ADD CONSTRAINT "placement_applications_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auction_bids_customer_idx" ON "auction_bids" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "auction_bids_auction_idx" ON "auction_bids" USING btree ("auction_id","price","id");--> statement-breakpoint
CREATE INDEX "placement_applications_customer_idx" ON "placement_applications" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "placement_applications_placement_idx" ON "placement_applications" USING btree ("placement_id","id");