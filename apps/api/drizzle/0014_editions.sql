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
--> statement-breakpoint
-- A title's copy of its default edition keeps an eBook's stock as none, and a new title's price span is its price.
CREATE OR REPLACE FUNCTION books_edition_copy_shape() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.book_type = 'eBook' THEN
    NEW.stock_amount := NULL;
  ELSIF NEW.stock_amount IS NULL THEN
    NEW.stock_amount := 0;
  END IF;
  IF TG_OP = 'INSERT' THEN
    NEW.min_price_cents := NEW.price_cents;
    NEW.max_price_cents := NEW.price_cents;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER books_edition_copy_shape BEFORE INSERT OR UPDATE OF book_type, stock_amount ON books
  FOR EACH ROW EXECUTE FUNCTION books_edition_copy_shape();
--> statement-breakpoint
-- Every new title starts with one edition made of its own format, condition, ISBN, prices and stock (the
-- books module adds more), so a book written by any path (the API, the seed, a bulk load) can be sold.
CREATE OR REPLACE FUNCTION books_first_edition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO editions (book_id, format, condition, isbn, price_cents, regular_price_cents, prior_price_cents, original_price_cents, stock_amount)
  SELECT a.id, a.book_type, a.condition, a.isbn, a.price_cents, a.regular_price_cents, a.prior_price_cents, a.original_price_cents,
    CASE WHEN a.book_type = 'eBook' THEN NULL ELSE coalesce(a.stock_amount, 0) END
  FROM added a ORDER BY a.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER books_first_edition AFTER INSERT ON books
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION books_first_edition();
--> statement-breakpoint
-- A write of the title's copy itself (an older tool, a bulk change) is passed on to its default edition;
-- the books module's own refresh writes what the edition already holds, which changes nothing here.
CREATE OR REPLACE FUNCTION books_copy_to_default_edition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE editions e SET format = a.book_type, condition = a.condition, isbn = a.isbn, price_cents = a.price_cents,
    regular_price_cents = a.regular_price_cents, prior_price_cents = a.prior_price_cents,
    original_price_cents = a.original_price_cents,
    stock_amount = CASE WHEN a.book_type = 'eBook' THEN NULL ELSE coalesce(a.stock_amount, 0) END
  FROM added a JOIN removed r ON r.id = a.id
  WHERE e.id = (SELECT d.id FROM editions d WHERE d.book_id = a.id AND d.available
      ORDER BY (d.condition = 'New' AND coalesce(d.stock_amount > 0, true)) DESC, coalesce(d.stock_amount > 0, true) DESC,
        d.price_cents ASC, d.id ASC LIMIT 1)
    AND (a.book_type, a.condition, a.isbn, a.price_cents, a.regular_price_cents, a.prior_price_cents, a.original_price_cents, a.stock_amount)
      IS DISTINCT FROM (r.book_type, r.condition, r.isbn, r.price_cents, r.regular_price_cents, r.prior_price_cents, r.original_price_cents, r.stock_amount)
    AND (e.format, e.condition, e.isbn, e.price_cents, e.regular_price_cents, e.prior_price_cents, e.original_price_cents, e.stock_amount)
      IS DISTINCT FROM (a.book_type, a.condition, a.isbn, a.price_cents, a.regular_price_cents, a.prior_price_cents, a.original_price_cents,
        CASE WHEN a.book_type = 'eBook' THEN NULL ELSE coalesce(a.stock_amount, 0) END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER books_copy_to_default_edition AFTER UPDATE ON books
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION books_copy_to_default_edition();
