-- Product search's word index (schema/product-search.ts), kept by triggers on products. The
-- postings' key is created after the backfill: one sorted build instead of 900,000 insertions.
CREATE TABLE "product_search_tokens" (
	"merchant_id" uuid NOT NULL,
	"token" text NOT NULL,
	"sort_key" text NOT NULL,
	"product_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_search_vocabulary" (
	"merchant_id" uuid NOT NULL,
	"token" text NOT NULL,
	"is_compound" boolean NOT NULL
);
--> statement-breakpoint
-- A search word has no whitespace, so it is in lower(name || ' ' || sku) exactly when it is in
-- one of the text's whitespace-separated tokens; a word without punctuation either, exactly when
-- it is in one of the parts of a token between punctuation. The terms are both: every token, and
-- the parts of those with punctuation (a part may repeat a term: callers drop repeats, the
-- postings by their key). Only ASCII whitespace and punctuation separate: characters the word
-- rule's split never leaves in a word (packages/contract searchWords splits on every Unicode
-- space), so no word can span two terms. PUNCTUATION in product-search-postings.queries.ts is
-- the same punctuation.
CREATE FUNCTION product_search_terms(name text, sku text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE ROWS 10 AS $$
  SELECT term
  FROM regexp_split_to_table(lower(name || ' ' || sku), '[\t\n\v\f\r ]+') AS token,
    LATERAL (
      SELECT token
      UNION ALL
      SELECT part FROM regexp_split_to_table(token, '[!-/:-@[-`{-~]+') AS part
      WHERE token ~ '[!-/:-@[-`{-~]'
    ) AS terms (term)
  WHERE term <> ''
$$;
--> statement-breakpoint
CREATE FUNCTION product_search_is_compound(term text) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT term ~ '[!-/:-@[-`{-~]' $$;
--> statement-breakpoint
-- Statement-level, on transition tables: an import's 10,000 rows are one set-based insert. Only
-- the trigger function itself sees the transition tables, so the statements are run here, from
-- templates: %1$s is the rows' table, %2$s leaves out the rows an UPDATE did not change in a way
-- search sees. EXECUTE plans each run for the rows it has: a cached plan would keep the join
-- chosen for the first statement's row count (an import's hash join, then for every single edit).
CREATE FUNCTION product_search_postings_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  active_terms constant text := $q$
    SELECT s.merchant_id, term, lower(s.name) AS sort_key, s.id
    FROM %1$s s CROSS JOIN LATERAL product_search_terms(s.name, s.sku) AS term
    WHERE s.archived_at IS NULL %2$s
  $q$;
  unchanged constant text := $q$
    AND NOT EXISTS (
      SELECT 1 FROM %1$s o WHERE o.id = s.id AND o.merchant_id = s.merchant_id AND o.name = s.name
        AND o.sku = s.sku AND o.archived_at IS NULL
    )
  $q$;
  add constant text := $q$
    WITH terms AS (%1$s), posted AS (
      INSERT INTO product_search_tokens (merchant_id, token, sort_key, product_id)
      SELECT merchant_id, term, sort_key, id FROM terms
      -- In the key's order: an import's postings of one term land on the same index pages.
      ORDER BY 1, 2, 3, 4
      ON CONFLICT DO NOTHING
    )
    INSERT INTO product_search_vocabulary (merchant_id, token, is_compound)
    SELECT t.merchant_id, t.term, product_search_is_compound(t.term)
    FROM (SELECT DISTINCT merchant_id, term FROM terms) AS t
    WHERE NOT EXISTS (
      SELECT 1 FROM product_search_vocabulary v WHERE v.merchant_id = t.merchant_id AND v.token = t.term
    )
  $q$;
  remove constant text := $q$
    WITH gone AS MATERIALIZED (%1$s)
    DELETE FROM product_search_tokens p USING gone
    WHERE p.merchant_id = gone.merchant_id AND p.token = gone.term AND p.sort_key = gone.sort_key
      AND p.product_id = gone.id
  $q$;
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format(add, format(active_terms, 'new_products', ''));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format(remove, format(active_terms, 'old_products', ''));
  ELSIF TG_OP = 'UPDATE' THEN
    -- Old postings whose row changed go first: a rename can keep a term under a new sort key.
    EXECUTE format(remove, format(active_terms, 'old_products', format(unchanged, 'new_products')));
    EXECUTE format(add, format(active_terms, 'new_products', format(unchanged, 'old_products')));
  ELSE
    -- TRUNCATE: every product is gone.
    TRUNCATE product_search_tokens, product_search_vocabulary;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- No product is written while the backfill reads them (other API processes may still run), so
-- none is missed between the backfill and the triggers.
LOCK TABLE "products" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "product_search_tokens" ("merchant_id", "token", "sort_key", "product_id")
SELECT DISTINCT p.merchant_id, term, lower(p.name), p.id
FROM "products" p CROSS JOIN LATERAL product_search_terms(p.name, p.sku) AS term
WHERE p.archived_at IS NULL;
--> statement-breakpoint
ALTER TABLE "product_search_tokens" ADD CONSTRAINT "product_search_tokens_pkey" PRIMARY KEY("merchant_id","token","sort_key","product_id");
--> statement-breakpoint
-- No statistics on the term: a search's page is a prepared statement whose term is a parameter,
-- planned the same way for every term. With each common term's own row count (its custom plan)
-- beside the generic plan's guess, PostgreSQL kept re-planning rare terms' pages on every run
-- (0.9 ms each, more than the page itself); without them both plans agree and it keeps one.
ALTER TABLE "product_search_tokens" ALTER COLUMN "token" SET STATISTICS 0;
--> statement-breakpoint
INSERT INTO "product_search_vocabulary" ("merchant_id", "token", "is_compound")
SELECT DISTINCT merchant_id, token, product_search_is_compound(token) FROM "product_search_tokens";
--> statement-breakpoint
CREATE INDEX "product_search_vocabulary_token_idx" ON "product_search_vocabulary" USING btree ("token","merchant_id");--> statement-breakpoint
CREATE INDEX "product_search_vocabulary_parts_idx" ON "product_search_vocabulary" USING gin ("token" gin_trgm_ops) WITH (fastupdate=false) WHERE not "product_search_vocabulary"."is_compound";--> statement-breakpoint
CREATE INDEX "product_search_vocabulary_compounds_idx" ON "product_search_vocabulary" USING gin ("token" gin_trgm_ops) WITH (fastupdate=false) WHERE "product_search_vocabulary"."is_compound";--> statement-breakpoint
CREATE TRIGGER "products_search_postings_insert" AFTER INSERT ON "products"
REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION product_search_postings_sync();
--> statement-breakpoint
CREATE TRIGGER "products_search_postings_update" AFTER UPDATE ON "products"
REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
FOR EACH STATEMENT EXECUTE FUNCTION product_search_postings_sync();
--> statement-breakpoint
CREATE TRIGGER "products_search_postings_delete" AFTER DELETE ON "products"
REFERENCING OLD TABLE AS old_products FOR EACH STATEMENT EXECUTE FUNCTION product_search_postings_sync();
--> statement-breakpoint
CREATE TRIGGER "products_search_postings_truncate" AFTER TRUNCATE ON "products"
FOR EACH STATEMENT EXECUTE FUNCTION product_search_postings_sync();
