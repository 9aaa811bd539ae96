-- Catalogue search: full-text search over the books, plus a trigram index over the catalogue's distinct
-- words so a misspelt word can be corrected to its nearest real word. See docs/decisions/0004-search.md.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE (it reads a dictionary); naming the dictionary makes it safe to index.
CREATE OR REPLACE FUNCTION immutable_unaccent(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, input) $$;
--> statement-breakpoint
-- The one normalisation used on both sides of a search: lower case, no accents. Names are qualified
-- because index builds run with a restricted search_path.
CREATE OR REPLACE FUNCTION search_normalize(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(public.immutable_unaccent(coalesce(input, ''))) $$;
--> statement-breakpoint
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
      WHERE length(lexeme) BETWEEN 2 AND 40
      ON CONFLICT (word) DO NOTHING;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS books_search_refresh ON books;
--> statement-breakpoint
CREATE TRIGGER books_search_refresh
  BEFORE INSERT OR UPDATE OF title, book_author, isbn, genre, tags, description ON books
  FOR EACH ROW EXECUTE FUNCTION books_search_refresh();
--> statement-breakpoint
UPDATE books SET title = title;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS books_search_vector_idx ON books USING gin (search_vector);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_words_word_trgm_idx ON search_words USING gin (word gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS books_title_trgm_idx ON books USING gin (public.search_normalize(title) gin_trgm_ops);
