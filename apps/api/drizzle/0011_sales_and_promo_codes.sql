CREATE TABLE "price_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"min_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"book_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "promo_codes_kind" CHECK ("promo_codes"."kind" IN ('percent', 'amount', 'free_delivery'))
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"target" text NOT NULL,
	"target_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"bestsellers" integer,
	"book_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"headline" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_kind" CHECK ("sales"."kind" IN ('percent', 'amount')),
	CONSTRAINT "sales_state" CHECK ("sales"."state" IN ('scheduled', 'running', 'ended')),
	CONSTRAINT "sales_dates" CHECK ("sales"."ends_at" > "sales"."starts_at")
);
--> statement-breakpoint
DROP INDEX "books_facets_idx";--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "regular_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "prior_price_cents" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_book_idx" ON "price_history" USING btree ("book_id","changed_at");--> statement-breakpoint
CREATE INDEX "sales_due_idx" ON "sales" USING btree ("state","starts_at","ends_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_promo_code_idx" ON "orders" USING btree ("promo_code_id","user_id") WHERE "orders"."promo_code_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "books_facets_idx" ON "books" USING btree ("category_id","author_id","price_cents","stock_amount","available","rating_tenths","book_type","condition","regular_price_cents") WHERE "books"."review_status" = 'approved';--> statement-breakpoint
UPDATE "books" SET "regular_price_cents" = "price_cents";--> statement-breakpoint
INSERT INTO "price_history" ("book_id", "price_cents", "reason", "changed_at") SELECT "id", "price_cents", 'added', "created_at" FROM "books";
