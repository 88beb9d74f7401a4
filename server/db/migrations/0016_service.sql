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
CREATE TABLE "customer_profiles" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"nickname" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "check_in_redemptions" ADD CONSTRAINT "check_in_redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_redemptions" ADD CONSTRAINT "check_in_redemptions_reward_id_check_in_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."check_in_rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_redemptions" ADD CONSTRAINT "check_in_redemptions_used_order_id_trade_orders_id_fk" FOREIGN KEY ("used_order_id") REFERENCES "public"."trade_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_rewards" ADD CONSTRAINT "check_in_rewards_created_by_staff_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_profiles" ADD CONSTRAINT "customer_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_accounts" ADD CONSTRAINT "seat_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_redemptions_customer_idx" ON "check_in_redemptions" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "seat_accounts_state_idx" ON "seat_accounts" USING btree ("state","id");