CREATE TABLE "bank_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"holder" text NOT NULL,
	"bank" text NOT NULL,
	"branch" text NOT NULL,
	"bank_code" text NOT NULL,
	"masked" text NOT NULL,
	"number_hash" text NOT NULL,
	"number_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"type" text NOT NULL,
	"address" text NOT NULL,
	"address_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bank_cards" ADD CONSTRAINT "bank_cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_cards_live_number" ON "bank_cards" USING btree ("number_hash") WHERE "bank_cards"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bank_cards_customer_idx" ON "bank_cards" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_live_address" ON "wallets" USING btree ("type","address_key") WHERE "wallets"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "wallets_customer_idx" ON "wallets" USING btree ("customer_id");