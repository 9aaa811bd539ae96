ALTER TABLE "editions" ADD COLUMN "title_category_id" integer;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "title_author_id" integer;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "title_in_shop" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "title_in_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "title_created_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "book_facet_counts_category_type_idx" ON "book_facet_counts" USING btree ("category_id","book_type","price_cents");--> statement-breakpoint
CREATE INDEX "book_facet_counts_category_price_idx" ON "book_facet_counts" USING btree ("category_id","price_cents");--> statement-breakpoint
CREATE INDEX "book_facet_counts_type_price_idx" ON "book_facet_counts" USING btree ("book_type","price_cents");--> statement-breakpoint
-- Each edition carries copies of its title's category, author, "in the shop", "in stock" (the in_stock
-- filter's `b.available AND coalesce(b.stock_amount > 0, true)`) and created_at, so a listing filtered by
-- format, condition or price is counted, and paged newest first, from one range of editions_listing_idx
-- without reading a title. See docs/decisions/0022-editions.md ("Counting a listing filtered by edition").
UPDATE "editions" e SET "title_category_id" = b."category_id", "title_author_id" = b."author_id",
    "title_in_shop" = (b."review_status" = 'approved'),
    "title_in_stock" = (b."available" AND coalesce(b."stock_amount" > 0, true)),
    "title_created_at" = b."created_at"
  FROM "books" b WHERE b."id" = e."book_id";
--> statement-breakpoint
CREATE INDEX "editions_listing_idx" ON "editions" USING btree ("title_category_id","format","price_cents","condition","title_in_stock","title_created_at","book_id") WHERE "editions"."available" AND "editions"."title_in_shop";
--> statement-breakpoint
-- A new edition (the first-edition trigger's, the books module's, the seed's) takes its title's values;
-- so does any write that names the copies, which only these triggers set.
CREATE OR REPLACE FUNCTION editions_title_copies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT b.category_id, b.author_id, b.review_status = 'approved', b.available AND coalesce(b.stock_amount > 0, true), b.created_at
    INTO NEW.title_category_id, NEW.title_author_id, NEW.title_in_shop, NEW.title_in_stock, NEW.title_created_at
    FROM books b WHERE b.id = NEW.book_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER editions_title_copies
  BEFORE INSERT OR UPDATE OF book_id, title_category_id, title_author_id, title_in_shop, title_in_stock, title_created_at
  ON editions FOR EACH ROW EXECUTE FUNCTION editions_title_copies();
--> statement-breakpoint
-- Every write to a title (staff's edits, its review, the books module's refresh of its default edition's
-- stock, an older tool's direct write) passes the new values on to its editions in the same statement.
CREATE OR REPLACE FUNCTION books_title_copies() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE editions e SET title_category_id = a.category_id, title_author_id = a.author_id,
      title_in_shop = (a.review_status = 'approved'),
      title_in_stock = (a.available AND coalesce(a.stock_amount > 0, true)),
      title_created_at = a.created_at
    FROM added a
    WHERE e.book_id = a.id
      AND (e.title_category_id, e.title_author_id, e.title_in_shop, e.title_in_stock, e.title_created_at)
        IS DISTINCT FROM (a.category_id, a.author_id, a.review_status = 'approved',
          a.available AND coalesce(a.stock_amount > 0, true), a.created_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER books_title_copies AFTER UPDATE ON books
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION books_title_copies();
