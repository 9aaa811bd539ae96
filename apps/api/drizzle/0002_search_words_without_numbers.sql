-- Numbers (ISBNs above all: one per book) are searched as they are and never corrected, so they do
-- not belong in the word list that typo correction looks through.
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
  IF coalesce(current_setting('bookstore.skip_search_words', true), '') <> 'on' THEN
    INSERT INTO search_words (word)
      SELECT DISTINCT lexeme FROM unnest(NEW.search_vector)
      WHERE length(lexeme) BETWEEN 2 AND 40 AND lexeme !~ '^[0-9]+$'
      ON CONFLICT (word) DO NOTHING;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DELETE FROM search_words WHERE word ~ '^[0-9]+$';
--> statement-breakpoint
-- Titles alone, so a search finds every book whose title has the words without ranking the rest of
-- the catalogue first (modules/catalogue/search.ts).
CREATE INDEX IF NOT EXISTS books_title_tsv_idx ON books USING gin (to_tsvector('simple', public.search_normalize(title)));
