CREATE TABLE "book_facet_totals" (
	"category_id" integer NOT NULL,
	"book_type" text NOT NULL,
	"condition" text NOT NULL,
	"price_cents" integer NOT NULL,
	"rating_tenths" smallint NOT NULL,
	"in_stock" boolean NOT NULL,
	"on_sale" boolean NOT NULL,
	"prev_formats" text[] NOT NULL,
	"prev_conditions" text[] NOT NULL,
	"prev_prices" integer[] NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "book_facet_totals_pkey" PRIMARY KEY("category_id","book_type","condition","price_cents","rating_tenths","in_stock","on_sale","prev_formats","prev_conditions","prev_prices")
);
--> statement-breakpoint
ALTER TABLE "book_facet_counts" ADD COLUMN "prev_formats" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "book_facet_counts" ADD COLUMN "prev_conditions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "book_facet_counts" ADD COLUMN "prev_prices" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "edition_formats" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "edition_conditions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "edition_prices" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
DELETE FROM "book_facet_counts";
--> statement-breakpoint
ALTER TABLE "book_facet_counts" DROP CONSTRAINT "book_facet_counts_pkey";
--> statement-breakpoint
ALTER TABLE "book_facet_counts" ADD CONSTRAINT "book_facet_counts_pkey" PRIMARY KEY("category_id","author_id","book_type","condition","price_cents","rating_tenths","in_stock","on_sale","prev_formats","prev_conditions","prev_prices");
--> statement-breakpoint
-- Facet counts that agree with the listings (docs/decisions/0027-exact-facet-counts.md). A title's editions in
-- the shop, as the facets see them, are three arrays on its row: each distinct (format, condition, price),
-- in byte order. `book_facet_counts` gets one row per edition of a title, each carrying the editions before
-- it (`prev_*`), so that a title counts once in each facet, at the first of its editions that meets the
-- filters, however many do.
--
-- A title's rows: one per edition, with the editions before it; a title with none in the shop (only a
-- direct write can leave one so) is one row of no format (''), no condition and no price (-1), which every
-- format, condition or price filter leaves out and every other filter counts, as the listings do.
CREATE OR REPLACE FUNCTION title_facet_editions(formats text[], conditions text[], prices integer[])
RETURNS TABLE (format text, condition text, price_cents integer, prev_formats text[], prev_conditions text[], prev_prices integer[])
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT e.format, e.condition, e.price_cents, formats[1:e.i - 1], conditions[1:e.i - 1], prices[1:e.i - 1]
  FROM unnest(
    CASE WHEN cardinality(formats) = 0 THEN ARRAY[''] ELSE formats END,
    CASE WHEN cardinality(formats) = 0 THEN ARRAY[''] ELSE conditions END,
    CASE WHEN cardinality(formats) = 0 THEN ARRAY[-1] ELSE prices END
  ) WITH ORDINALITY AS e(format, condition, price_cents, i)
$$;
--> statement-breakpoint
-- The trigger function of migration `book_facet_counts`, now adding and taking away each title's rows as above,
-- in book_facet_counts and, summed over authors, in book_facet_totals.
CREATE OR REPLACE FUNCTION book_facet_counts_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each write to books adds its rows in the shop to their combination's count and takes away the rows
  -- it replaced or removed, in the same transaction; a change that leaves every combination as it was
  -- (stock that stays above 0, a new description) touches no count. A count that falls to 0 stays, at 0.
  -- See docs/decisions/0020-logging-and-a-million-titles.md and 0027-exact-facet-counts.md.
  IF TG_OP = 'INSERT' THEN
    WITH delta AS (
      SELECT t.category_id, t.author_id, e.format AS book_type, e.condition, e.price_cents, t.rating_tenths, t.in_stock,
        t.on_sale, e.prev_formats, e.prev_conditions, e.prev_prices, sum(t.d)::int AS n
      FROM (SELECT coalesce(category_id, 0) AS category_id, coalesce(author_id, 0) AS author_id, rating_tenths,
          available AND coalesce(stock_amount, 1) > 0 AS in_stock, price_cents < regular_price_cents AS on_sale,
          edition_formats, edition_conditions, edition_prices, 1 AS d
        FROM added WHERE review_status = 'approved') t
      CROSS JOIN LATERAL title_facet_editions(t.edition_formats, t.edition_conditions, t.edition_prices) e
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 HAVING sum(t.d) <> 0
    ),
    counted AS (
      INSERT INTO book_facet_counts AS f (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock,
          on_sale, prev_formats, prev_conditions, prev_prices, n)
      SELECT * FROM delta ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
      ON CONFLICT (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale,
          prev_formats, prev_conditions, prev_prices)
        DO UPDATE SET n = f.n + excluded.n
    )
    INSERT INTO book_facet_totals AS f (category_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale,
        prev_formats, prev_conditions, prev_prices, n)
    SELECT category_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale,
      prev_formats, prev_conditions, prev_prices, sum(n)::int
    FROM delta GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT (category_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale,
        prev_formats, prev_conditions, prev_prices)
      DO UPDATE SET n = f.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH delta AS (
      SELECT t.category_id, t.author_id, e.format AS book_type, e.condition, e.price_cents, t.rating_tenths, t.in_stock,
        t.on_sale, e.prev_formats, e.prev_conditions, e.prev_prices, sum(t.d)::int AS n
      FROM (SELECT coalesce(category_id, 0) AS category_id, coalesce(author_id, 0) AS author_id, rating_tenths,
          available AND coalesce(stock_amount, 1) > 0 AS in_stock, price_cents < regular_price_cents AS on_sale,
          edition_formats, edition_conditions, edition_prices, -1 AS d
        FROM removed WHERE review_status = 'approved') t
      CROSS JOIN LATERAL title_facet_editions(t.edition_formats, t.edition_conditions, t.edition_prices) e
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 HAVING sum(t.d) <> 0
    ),
    counted AS (
      INSERT INTO book_facet_counts AS f (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock,
          on_sale, prev_formats, prev_conditions, prev_prices, n)
      SELECT * FROM delta ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
      ON CONFLICT (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale,
          prev_formats, prev_conditions, prev_prices)
        DO UPDATE SET n = f.n + excluded.n
    )
    INSERT INTO book_facet_totals AS f (category_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale,
        prev_formats, prev_conditions, prev_prices, n)
    SELECT category_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale,
      prev_formats, prev_conditions, prev_prices, sum(n)::int
    FROM delta GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT (category_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale,
        prev_formats, prev_conditions, prev_prices)
      DO UPDATE SET n = f.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH delta AS (
      SELECT t.category_id, t.author_id, e.format AS book_type, e.condition, e.price_cents, t.rating_tenths, t.in_stock,
        t.on_sale, e.prev_formats, e.prev_conditions, e.prev_prices, sum(t.d)::int AS n
      FROM (SELECT coalesce(category_id, 0) AS category_id, coalesce(author_id, 0) AS author_id, rating_tenths,
          available AND coalesce(stock_amount, 1) > 0 AS in_stock, price_cents < regular_price_cents AS on_sale,
          edition_formats, edition_conditions, edition_prices, -1 AS d
        FROM removed WHERE review_status = 'approved'
        UNION ALL
        SELECT coalesce(category_id, 0) AS category_id, coalesce(author_id, 0) AS author_id, rating_tenths,
          available AND coalesce(stock_amount, 1) > 0 AS in_stock, price_cents < regular_price_cents AS on_sale,
          edition_formats, edition_conditions, edition_prices, 1 AS d
        FROM added WHERE review_status = 'approved') t
      CROSS JOIN LATERAL title_facet_editions(t.edition_formats, t.edition_conditions, t.edition_prices) e
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 HAVING sum(t.d) <> 0
    ),
    counted AS (
      INSERT INTO book_facet_counts AS f (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock,
          on_sale, prev_formats, prev_conditions, prev_prices, n)
      SELECT * FROM delta ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
      ON CONFLICT (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale,
          prev_formats, prev_conditions, prev_prices)
        DO UPDATE SET n = f.n + excluded.n
    )
    INSERT INTO book_facet_totals AS f (category_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale,
        prev_formats, prev_conditions, prev_prices, n)
    SELECT category_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale,
      prev_formats, prev_conditions, prev_prices, sum(n)::int
    FROM delta GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT (category_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale,
        prev_formats, prev_conditions, prev_prices)
      DO UPDATE SET n = f.n + excluded.n;
  ELSE
    DELETE FROM book_facet_counts;
    DELETE FROM book_facet_totals;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Each title's editions in the shop, distinct, in byte order of (format, condition, price); `ids` picks the titles.
CREATE OR REPLACE FUNCTION title_edition_sets(ids integer[])
RETURNS TABLE (book_id integer, formats text[], conditions text[], prices integer[])
LANGUAGE sql STABLE AS $$
  SELECT t.id,
    coalesce(array_agg(d.format ORDER BY d.format COLLATE "C", d.condition COLLATE "C", d.price_cents) FILTER (WHERE d.format IS NOT NULL), '{}'),
    coalesce(array_agg(d.condition ORDER BY d.format COLLATE "C", d.condition COLLATE "C", d.price_cents) FILTER (WHERE d.format IS NOT NULL), '{}'),
    coalesce(array_agg(d.price_cents ORDER BY d.format COLLATE "C", d.condition COLLATE "C", d.price_cents) FILTER (WHERE d.format IS NOT NULL), '{}')
  FROM unnest(ids) AS t(id)
  LEFT JOIN (SELECT DISTINCT e.book_id, e.format, e.condition, e.price_cents FROM editions e
    WHERE e.book_id = ANY(ids) AND e.available) d ON d.book_id = t.id
  GROUP BY t.id
$$;
--> statement-breakpoint
-- Every title's editions, once, and its "from $X" span of the editions a shopper can buy now (in stock; an
-- eBook always is; the default edition's price while none is), as modules/books/titles.ts keeps it from now
-- on. The counts are made again below, so the triggers that follow a title's row are set aside for this one
-- statement.
ALTER TABLE "books" DISABLE TRIGGER "book_facet_counts_update";
--> statement-breakpoint
ALTER TABLE "books" DISABLE TRIGGER "books_copy_to_default_edition";
--> statement-breakpoint
ALTER TABLE "books" DISABLE TRIGGER "books_title_copies";
--> statement-breakpoint
UPDATE "books" b SET "edition_formats" = s.formats, "edition_conditions" = s.conditions, "edition_prices" = s.prices,
    "min_price_cents" = coalesce(s.lo, b.price_cents), "max_price_cents" = coalesce(s.hi, b.price_cents)
  FROM (
    SELECT d.book_id, x.lo, x.hi,
      array_agg(d.format ORDER BY d.format COLLATE "C", d.condition COLLATE "C", d.price_cents) AS formats,
      array_agg(d.condition ORDER BY d.format COLLATE "C", d.condition COLLATE "C", d.price_cents) AS conditions,
      array_agg(d.price_cents ORDER BY d.format COLLATE "C", d.condition COLLATE "C", d.price_cents) AS prices
    FROM (SELECT DISTINCT e.book_id, e.format, e.condition, e.price_cents FROM "editions" e WHERE e.available) d
    JOIN (
      SELECT e.book_id, min(e.price_cents) FILTER (WHERE coalesce(e.stock_amount > 0, true)) AS lo,
        max(e.price_cents) FILTER (WHERE coalesce(e.stock_amount > 0, true)) AS hi
      FROM "editions" e WHERE e.available GROUP BY e.book_id
    ) x ON x.book_id = d.book_id
    GROUP BY d.book_id, x.lo, x.hi
  ) s WHERE b.id = s.book_id;
--> statement-breakpoint
ALTER TABLE "books" ENABLE TRIGGER "book_facet_counts_update";
--> statement-breakpoint
ALTER TABLE "books" ENABLE TRIGGER "books_copy_to_default_edition";
--> statement-breakpoint
ALTER TABLE "books" ENABLE TRIGGER "books_title_copies";
--> statement-breakpoint
INSERT INTO "book_facet_counts" (category_id, author_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale,
    prev_formats, prev_conditions, prev_prices, n)
  SELECT t.category_id, t.author_id, e.format, e.condition, e.price_cents, t.rating_tenths, t.in_stock, t.on_sale,
    e.prev_formats, e.prev_conditions, e.prev_prices, count(*)::int
  FROM (SELECT coalesce(category_id, 0) AS category_id, coalesce(author_id, 0) AS author_id, rating_tenths,
        available AND coalesce(stock_amount, 1) > 0 AS in_stock, price_cents < regular_price_cents AS on_sale,
        edition_formats, edition_conditions, edition_prices, 1 AS d
      FROM books WHERE review_status = 'approved') t
  CROSS JOIN LATERAL title_facet_editions(t.edition_formats, t.edition_conditions, t.edition_prices) e
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11;
--> statement-breakpoint
INSERT INTO "book_facet_totals" (category_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale,
    prev_formats, prev_conditions, prev_prices, n)
  SELECT category_id, book_type, condition, price_cents, rating_tenths, in_stock, on_sale,
    prev_formats, prev_conditions, prev_prices, sum(n)::int
  FROM "book_facet_counts" GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
--> statement-breakpoint
CREATE INDEX "book_facet_totals_category_type_idx" ON "book_facet_totals" USING btree ("category_id","book_type","price_cents");
--> statement-breakpoint
CREATE INDEX "book_facet_totals_category_price_idx" ON "book_facet_totals" USING btree ("category_id","price_cents");
--> statement-breakpoint
CREATE INDEX "book_facet_totals_type_price_idx" ON "book_facet_totals" USING btree ("book_type","price_cents");
--> statement-breakpoint
CREATE INDEX "book_facet_counts_author_idx" ON "book_facet_counts" USING btree ("author_id");
--> statement-breakpoint
CREATE INDEX "book_facet_counts_titles_idx" ON "book_facet_counts" USING btree ("category_id","author_id","in_stock","on_sale","rating_tenths","n") WHERE cardinality("book_facet_counts"."prev_formats") = 0;
--> statement-breakpoint
-- A new title's editions are its own first edition's, unless the writer gave them (the synthetic load gives
-- both of its editions); the rest of migration `editions`' function as it was.
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
    IF cardinality(NEW.edition_formats) = 0 THEN
      NEW.edition_formats := ARRAY[NEW.book_type];
      NEW.edition_conditions := ARRAY[NEW.condition];
      NEW.edition_prices := ARRAY[NEW.price_cents];
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- After every write to editions (the first-edition trigger's, a direct one), the titles whose editions in the
-- shop changed get them again; their facet counts follow by the trigger on books. A change of stock alone
-- (every sale) changes none. The books module, which refreshes its titles' rows itself after each of its
-- writes to editions (modules/books/titles.ts, `refreshTitles`), says so for its transaction
-- (`bookstore.titles_refreshed`), and each title's row is then written once, not twice.
CREATE OR REPLACE FUNCTION editions_title_facets() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  IF coalesce(current_setting('bookstore.titles_refreshed', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT a.book_id) INTO changed FROM added a WHERE a.available;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT r.book_id) INTO changed FROM removed r WHERE r.available;
  ELSE
    SELECT array_agg(DISTINCT x.book_id) INTO changed FROM (
      SELECT a.book_id, r.book_id AS old_book_id FROM added a JOIN removed r ON r.id = a.id
      WHERE (a.book_id, a.format, a.condition, a.price_cents, a.available)
        IS DISTINCT FROM (r.book_id, r.format, r.condition, r.price_cents, r.available)
    ) c CROSS JOIN LATERAL (VALUES (c.book_id), (c.old_book_id)) AS x(book_id);
  END IF;
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE books b SET edition_formats = s.formats, edition_conditions = s.conditions, edition_prices = s.prices
    FROM title_edition_sets(changed) s
    WHERE b.id = s.book_id
      AND (b.edition_formats, b.edition_conditions, b.edition_prices) IS DISTINCT FROM (s.formats, s.conditions, s.prices);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER editions_title_facets_insert AFTER INSERT ON editions
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION editions_title_facets();
--> statement-breakpoint
CREATE TRIGGER editions_title_facets_update AFTER UPDATE ON editions
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION editions_title_facets();
--> statement-breakpoint
CREATE TRIGGER editions_title_facets_delete AFTER DELETE ON editions
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION editions_title_facets();
