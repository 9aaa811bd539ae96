DROP INDEX "books_rating_idx";--> statement-breakpoint
DROP INDEX "books_facets_idx";--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "review_status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "title_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "books_title_key_idx" ON "books" USING btree ("title_key");--> statement-breakpoint
CREATE INDEX "books_review_queue_idx" ON "books" USING btree ("created_at") WHERE "books"."review_status" = 'pending';--> statement-breakpoint
CREATE INDEX "books_created_by_idx" ON "books" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "orders_address_holds_idx" ON "orders" USING btree ("client_address") WHERE "orders"."payment_status" <> 'success' AND NOT "orders"."stock_released";--> statement-breakpoint
CREATE INDEX "books_rating_idx" ON "books" USING btree ("rating_tenths","rating_count","id");--> statement-breakpoint
CREATE INDEX "books_facets_idx" ON "books" USING btree ("category_id","author_id","price_cents","stock_amount","available","rating_tenths","book_type","condition") WHERE "books"."review_status" = 'approved';--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_review_status" CHECK ("books"."review_status" IN ('pending', 'approved', 'rejected'));--> statement-breakpoint
-- A draft's words stay out of the word list typo correction looks through (a corrected query would
-- show them) until staff approve it; approving is an UPDATE of review_status, so the trigger runs then.
CREATE OR REPLACE FUNCTION books_search_refresh() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('simple', search_normalize(NEW.title)), 'A') ||
    setweight(to_tsvector('simple', search_normalize(
      NEW.book_author || ' ' || NEW.isbn || ' ' || regexp_replace(NEW.isbn, '[^0-9Xx]', '', 'g'))), 'B') ||
    setweight(to_tsvector('simple', search_normalize(NEW.genre || ' ' || array_to_string(NEW.tags, ' '))), 'C') ||
    setweight(to_tsvector('simple', search_normalize(left(NEW.description, 20000))), 'D');
  -- Bulk loads set bookstore.skip_search_words and fill search_words once at the end.
  IF NEW.review_status = 'approved' AND coalesce(current_setting('bookstore.skip_search_words', true), '') <> 'on' THEN
    INSERT INTO search_words (word)
      SELECT DISTINCT lexeme FROM unnest(NEW.search_vector)
      WHERE length(lexeme) BETWEEN 2 AND 40 AND lexeme !~ '^[0-9]+$'
      ON CONFLICT (word) DO NOTHING;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS books_search_refresh ON books;
--> statement-breakpoint
CREATE TRIGGER books_search_refresh
  BEFORE INSERT OR UPDATE OF title, book_author, isbn, genre, tags, description, review_status ON books
  FOR EACH ROW EXECUTE FUNCTION books_search_refresh();
--> statement-breakpoint
-- Ratings count buyers (docs/decisions/0008): the average and its count are of verified purchases only.
UPDATE books b SET rating_tenths = v.tenths, rating_count = v.n
FROM (
  SELECT r.book_id,
    coalesce(round(avg(r.rating) FILTER (WHERE p.bought) * 10), 0) AS tenths,
    count(*) FILTER (WHERE p.bought) AS n
  FROM reviews r
  CROSS JOIN LATERAL (
    SELECT EXISTS (
      SELECT 1 FROM orders o JOIN order_items oi ON oi.order_id = o.id
      WHERE o.user_id = r.user_id AND oi.book_id = r.book_id AND o.payment_status = 'success'
    ) AS bought
  ) p
  GROUP BY r.book_id
) v
WHERE v.book_id = b.id;
