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
ALTER TABLE "news_article_versions" ADD CONSTRAINT "news_article_versions_article_id_news_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."news_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_cover_image_id_news_images_id_fk" FOREIGN KEY ("cover_image_id") REFERENCES "public"."news_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_created_by_staff_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_images" ADD CONSTRAINT "news_images_uploaded_by_staff_accounts_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_articles_state_idx" ON "news_articles" USING btree ("state","hot","published_at");--> statement-breakpoint
CREATE INDEX "news_articles_source_idx" ON "news_articles" USING btree ("source","created_at");