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
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_card_id_bank_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."bank_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_wallet_id_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."wallets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_customer_idx" ON "withdrawals" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_card_idx" ON "withdrawals" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "withdrawals_wallet_idx" ON "withdrawals" USING btree ("wallet_id");--> statement-breakpoint
CREATE INDEX "withdrawals_state_idx" ON "withdrawals" USING btree ("state","created_at");