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
ALTER TABLE "channel_proposals" ADD CONSTRAINT "channel_proposals_channel_id_receiving_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."receiving_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_proposals" ADD CONSTRAINT "channel_proposals_proposed_by_staff_accounts_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_proposals" ADD CONSTRAINT "channel_proposals_decided_by_staff_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_voucher_id_uploads_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_voucher_unique" ON "deposits" USING btree ("voucher_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_one_pending" ON "deposits" USING btree ("customer_id") WHERE "deposits"."state" like 'pending%';--> statement-breakpoint
CREATE INDEX "deposits_customer_idx" ON "deposits" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "deposits_created_idx" ON "deposits" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "receiving_channels_currency_idx" ON "receiving_channels" USING btree ("currency","active");