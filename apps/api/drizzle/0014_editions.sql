CREATE TABLE "editions" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"format" text NOT NULL,
	"condition" text DEFAULT 'New' NOT NULL,
	"condition_note" text DEFAULT '' NOT NULL,
	"isbn" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"regular_price_cents" integer NOT NULL,
	"prior_price_cents" integer,
	"original_price_cents" integer DEFAULT 0 NOT NULL,
	"stock_amount" integer,
	"available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "editions_price_nonnegative" CHECK ("editions"."price_cents" >= 0 AND "editions"."original_price_cents" >= 0),
	CONSTRAINT "editions_stock_nonnegative" CHECK ("editions"."stock_amount" >= 0),
	CONSTRAINT "editions_ebook_no_stock" CHECK (("editions"."format" = 'eBook') = ("editions"."stock_amount" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "books" ALTER COLUMN "stock_amount" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "min_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "max_price_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "edition_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "format" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "condition" text;--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "editions_book_idx" ON "editions" USING btree ("book_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_edition_idx" ON "order_items" USING btree ("edition_id");
--> statement-breakpoint
-- Every book becomes a title with exactly one edition, copying its format, condition, ISBN, prices and
-- stock (none for an eBook); every order line names its book's edition, format and condition as bought.
-- See docs/decisions/0022-editions.md.
CREATE OR REPLACE FUNCTION book_facet_counts_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- (Migration `editions`: an eBook title's stock is null, and it is always in stock.)
  -- Each write to books adds its rows in the shop to their combination's count and takes away the rows
  -- it replaced or removed, in the same transaction; a change that leaves every combination as it was
  -- (stock that stays above 0, a new description) touches no count. A count that falls to 0 stays, at 0.
  -- See docs/decisions/0020-logging-and-a-million-titles.md.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO book_facet_counts AS f (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale, n)
    SELECT category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale, sum(d)::int FROM (
      SELECT coalesce(category_id, 0) AS category_id, coalesce(author_id, 0) AS author_id, book_type, condition,
        price_cents, rating_tenths, available AND coalesce(stock_amount, 1) > 0 AS in_stock, price_cents < regular_price_cents AS on_sale, 1 AS d
      FROM added WHERE review_status = 'approved'
    ) x
    GROUP BY category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale HAVING sum(d) <> 0 ORDER BY category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale
    ON CONFLICT (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale) DO UPDATE SET n = f.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO book_facet_counts AS f (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale, n)
    SELECT category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale, sum(d)::int FROM (
      SELECT coalesce(category_id, 0) AS category_id, coalesce(author_id, 0) AS author_id, book_type, condition,
        price_cents, rating_tenths, available AND coalesce(stock_amount, 1) > 0 AS in_stock, price_cents < regular_price_cents AS on_sale, -1 AS d
      FROM removed WHERE review_status = 'approved'
    ) x
    GROUP BY category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale HAVING sum(d) <> 0 ORDER BY category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale
    ON CONFLICT (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale) DO UPDATE SET n = f.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO book_facet_counts AS f (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale, n)
    SELECT category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale, sum(d)::int FROM (
      SELECT coalesce(category_id, 0) AS category_id, coalesce(author_id, 0) AS author_id, book_type, condition,
        price_cents, rating_tenths, available AND coalesce(stock_amount, 1) > 0 AS in_stock, price_cents < regular_price_cents AS on_sale, -1 AS d
      FROM removed WHERE review_status = 'approved' UNION ALL SELECT coalesce(category_id, 0) AS category_id, coalesce(author_id, 0) AS author_id, book_type, condition,
        price_cents, rating_tenths, available AND coalesce(stock_amount, 1) > 0 AS in_stock, price_cents < regular_price_cents AS on_sale, 1 AS d
      FROM added WHERE review_status = 'approved'
    ) x
    GROUP BY category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale HAVING sum(d) <> 0 ORDER BY category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale
    ON CONFLICT (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale) DO UPDATE SET n = f.n + excluded.n;
  ELSE
    DELETE FROM book_facet_counts;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO "editions" ("book_id", "format", "condition", "isbn", "price_cents", "regular_price_cents", "prior_price_cents", "original_price_cents", "stock_amount", "available", "created_at", "updated_at")
  SELECT "id", "book_type", "condition", "isbn", "price_cents", "regular_price_cents", "prior_price_cents", "original_price_cents",
    CASE WHEN "book_type" = 'eBook' THEN NULL ELSE "stock_amount" END, true, "created_at", "updated_at"
  FROM "books" ORDER BY "id";
--> statement-breakpoint
UPDATE "order_items" AS oi SET "edition_id" = e."id", "format" = e."format", "condition" = e."condition"
  FROM "editions" AS e WHERE e."book_id" = oi."book_id";
--> statement-breakpoint
UPDATE "books" SET "stock_amount" = NULL WHERE "book_type" = 'eBook';
--> statement-breakpoint
UPDATE "books" SET "min_price_cents" = "price_cents", "max_price_cents" = "price_cents";
