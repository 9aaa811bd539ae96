CREATE INDEX "books_price_idx" ON "books" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "books_rating_idx" ON "books" USING btree ("rating_tenths","review_count","id");--> statement-breakpoint
CREATE INDEX "books_facets_idx" ON "books" USING btree ("category_id","author_id","price_cents","stock_amount","available","rating_tenths","book_type","condition");