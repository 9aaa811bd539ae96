CREATE TABLE "book_facet_counts" (
	"category_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"book_type" text NOT NULL,
	"condition" text NOT NULL,
	"price_cents" integer NOT NULL,
	"rating_tenths" smallint NOT NULL,
	"in_stock" boolean NOT NULL,
	"on_sale" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "book_facet_counts_pkey" PRIMARY KEY("category_id","author_id","book_type","condition","price_cents","rating_tenths","in_stock","on_sale")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION book_facet_counts_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each write to books adds its rows in the shop to their combination's count and takes away the rows
  -- it replaced or removed, in the same transaction; a change that leaves every combination as it was
  -- (stock that stays above 0, a new description) touches no count. A count that falls to 0 stays, at 0.
  -- See docs/decisions/0020-logging-and-a-million-titles.md.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO book_facet_counts AS f (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale, n)
    SELECT category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale, sum(d)::int FROM (
      SELECT coalesce(category_id, 0) AS category_id, coalesce(author_id, 0) AS author_id, book_type, condition,
        price_cents, rating_tenths, available AND stock_amount > 0 AS in_stock, price_cents < regular_price_cents AS on_sale, 1 AS d
      FROM added WHERE review_status = 'approved'
    ) x
    GROUP BY category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale HAVING sum(d) <> 0 ORDER BY category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale
    ON CONFLICT (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale) DO UPDATE SET n = f.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO book_facet_counts AS f (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale, n)
    SELECT category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale, sum(d)::int FROM (
      SELECT coalesce(category_id, 0) AS category_id, coalesce(author_id, 0) AS author_id, book_type, condition,
        price_cents, rating_tenths, available AND stock_amount > 0 AS in_stock, price_cents < regular_price_cents AS on_sale, -1 AS d
      FROM removed WHERE review_status = 'approved'
    ) x
    GROUP BY category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale HAVING sum(d) <> 0 ORDER BY category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale
    ON CONFLICT (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale) DO UPDATE SET n = f.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO book_facet_counts AS f (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale, n)
    SELECT category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale, sum(d)::int FROM (
      SELECT coalesce(category_id, 0) AS category_id, coalesce(author_id, 0) AS author_id, book_type, condition,
        price_cents, rating_tenths, available AND stock_amount > 0 AS in_stock, price_cents < regular_price_cents AS on_sale, -1 AS d
      FROM removed WHERE review_status = 'approved' UNION ALL SELECT coalesce(category_id, 0) AS category_id, coalesce(author_id, 0) AS author_id, book_type, condition,
        price_cents, rating_tenths, available AND stock_amount > 0 AS in_stock, price_cents < regular_price_cents AS on_sale, 1 AS d
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
DROP TRIGGER IF EXISTS book_facet_counts_insert ON books;
--> statement-breakpoint
DROP TRIGGER IF EXISTS book_facet_counts_update ON books;
--> statement-breakpoint
DROP TRIGGER IF EXISTS book_facet_counts_delete ON books;
--> statement-breakpoint
DROP TRIGGER IF EXISTS book_facet_counts_truncate ON books;
--> statement-breakpoint
CREATE TRIGGER book_facet_counts_insert AFTER INSERT ON books
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION book_facet_counts_refresh();
--> statement-breakpoint
CREATE TRIGGER book_facet_counts_update AFTER UPDATE ON books
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION book_facet_counts_refresh();
--> statement-breakpoint
CREATE TRIGGER book_facet_counts_delete AFTER DELETE ON books
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION book_facet_counts_refresh();
--> statement-breakpoint
CREATE TRIGGER book_facet_counts_truncate AFTER TRUNCATE ON books
  FOR EACH STATEMENT EXECUTE FUNCTION book_facet_counts_refresh();
--> statement-breakpoint
INSERT INTO book_facet_counts (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale, n)
  SELECT coalesce(category_id, 0), coalesce(author_id, 0), book_type, condition, price_cents, rating_tenths,
    available AND stock_amount > 0, price_cents < regular_price_cents, count(*)::int
  FROM books WHERE review_status = 'approved'
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
--> statement-breakpoint
-- The catalogue words a typed prefix starts, as a range in byte order (modules/catalogue/search.ts).
CREATE INDEX IF NOT EXISTS search_words_word_c_idx ON search_words (word COLLATE "C");
