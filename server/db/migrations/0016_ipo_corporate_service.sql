CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"audience" text NOT NULL,
	"institution_id" integer,
	"accounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"texts" jsonb NOT NULL,
	"recipients" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "check_in_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"reward_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"check_ins_spent" integer NOT NULL,
	"used_order_id" integer,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_redemptions_order_unique" UNIQUE("used_order_id")
);
--> statement-breakpoint
CREATE TABLE "check_in_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"check_ins_required" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_rewards_required_positive" CHECK ("check_in_rewards"."check_ins_required" > 0)
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"day" integer NOT NULL,
	"streak" integer NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_customer_day_unique" UNIQUE("customer_id","day"),
	CONSTRAINT "check_ins_streak_positive" CHECK ("check_ins"."streak" > 0 and "check_ins"."points" >= 0)
);
--> statement-breakpoint
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
CREATE TABLE "customer_profiles" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"nickname" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"entity_type" text,
	"entity_id" text,
	"entity_version" integer,
	"announcement_id" integer,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_kind_fields" CHECK (("messages"."kind" = 'event' and "messages"."code" is not null and "messages"."entity_type" is not null) or ("messages"."kind" = 'announcement' and "messages"."announcement_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "news_article_versions" (
	"article_id" integer NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	CONSTRAINT "news_article_versions_article_id_lang_pk" PRIMARY KEY("article_id","lang")
);
--> statement-breakpoint
CREATE TABLE "news_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"kind" text,
	"simulated" boolean DEFAULT false NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stock_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cover_image_id" text,
	"dedupe_key" text,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"state" text DEFAULT 'draft' NOT NULL,
	"context" jsonb DEFAULT '{"publishAt":null,"withdrawReason":null}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_articles_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "news_images" (
	"id" text PRIMARY KEY NOT NULL,
	"uploaded_by" integer,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
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
CREATE TABLE "seat_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"state" text DEFAULT 'none' NOT NULL,
	"context" jsonb DEFAULT '{"rejectionReason":null}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_accounts_customer_id_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_staff_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_redemptions" ADD CONSTRAINT "check_in_redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_redemptions" ADD CONSTRAINT "check_in_redemptions_reward_id_check_in_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."check_in_rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_redemptions" ADD CONSTRAINT "check_in_redemptions_used_order_id_trade_orders_id_fk" FOREIGN KEY ("used_order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_rewards" ADD CONSTRAINT "check_in_rewards_created_by_staff_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_entitlements" ADD CONSTRAINT "corporate_entitlements_action_id_corporate_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."corporate_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_entitlements" ADD CONSTRAINT "corporate_entitlements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_entitlements" ADD CONSTRAINT "corporate_entitlements_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_profiles" ADD CONSTRAINT "customer_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_draws" ADD CONSTRAINT "ipo_draws_offering_id_ipo_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."ipo_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_offering_id_ipo_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."ipo_offerings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_subscriptions" ADD CONSTRAINT "ipo_subscriptions_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_article_versions" ADD CONSTRAINT "news_article_versions_article_id_news_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."news_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_cover_image_id_news_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."news_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_created_by_staff_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_images" ADD CONSTRAINT "news_images_uploaded_by_staff_accounts_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_applications" ADD CONSTRAINT "placement_applications_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_applications" ADD CONSTRAINT "placement_applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_applications" ADD CONSTRAINT "placement_applications_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_applications" ADD CONSTRAINT "rights_applications_action_id_corporate_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."corporate_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_applications" ADD CONSTRAINT "rights_applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rights_applications" ADD CONSTRAINT "rights_applications_order_id_trade_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_accounts" ADD CONSTRAINT "seat_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_created_idx" ON "announcements" USING btree ("id");--> statement-breakpoint
CREATE INDEX "auction_bids_customer_idx" ON "auction_bids" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "auction_bids_auction_idx" ON "auction_bids" USING btree ("auction_id","price","id");--> statement-breakpoint
CREATE INDEX "check_in_redemptions_customer_idx" ON "check_in_redemptions" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "corporate_actions_record_idx" ON "corporate_actions" USING btree ("record_at");--> statement-breakpoint
CREATE INDEX "corporate_entitlements_customer_idx" ON "corporate_entitlements" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "ipo_subscriptions_customer_idx" ON "ipo_subscriptions" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "ipo_subscriptions_offering_idx" ON "ipo_subscriptions" USING btree ("offering_id","customer_id");--> statement-breakpoint
CREATE INDEX "messages_customer_idx" ON "messages" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("customer_id") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_transition_unique" ON "messages" USING btree ("entity_type","entity_id","entity_version","customer_id") WHERE "messages"."entity_type" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_announcement_unique" ON "messages" USING btree ("announcement_id","customer_id") WHERE "messages"."announcement_id" is not null;--> statement-breakpoint
CREATE INDEX "news_articles_state_idx" ON "news_articles" USING btree ("state","hot","published_at");--> statement-breakpoint
CREATE INDEX "news_articles_source_idx" ON "news_articles" USING btree ("source","created_at");--> statement-breakpoint
CREATE INDEX "placement_applications_customer_idx" ON "placement_applications" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "placement_applications_placement_idx" ON "placement_applications" USING btree ("placement_id","id");--> statement-breakpoint
CREATE INDEX "rights_applications_customer_idx" ON "rights_applications" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "rights_applications_action_idx" ON "rights_applications" USING btree ("action_id","state");--> statement-breakpoint
CREATE INDEX "seat_accounts_state_idx" ON "seat_accounts" USING btree ("state","id");--> statement-breakpoint
-- hand-written: the house accounts of issues 12 and 13 join the known ledger account kinds
-- (house_dividends, house_withholding: corporate actions; house_ipo: IPO payments until listing).
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_known;
--> statement-breakpoint
-- hand-written: (the list of 0015_trading.sql plus the new house kinds)
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_known CHECK (kind IN (
  'available', 'held', 'position_margin', 'loan_principal', 'ipo_deposit',
  'house_bank', 'house_fees', 'house_taxes', 'house_fx', 'house_suspense', 'house_trading',
  'house_dividends', 'house_withholding', 'house_ipo'
));
