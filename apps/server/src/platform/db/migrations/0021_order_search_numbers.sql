-- Order search by a number (order-search.queries.ts): the term is matched whole against the
-- numbers in an order's search text (its PO number's, its SKUs'), besides the order number. As a
-- trigram LIKE, `%900000%` is the trigrams `900` and `000`, which thousands of orders hold apart
-- in their PO numbers and SKUs; each was read again to be refused (2,147 of 2,158 candidates).
-- The runs of digits of a text, in order (repeats kept: the index stores each once). Its cost is
-- stated as what it is, a regular expression over the whole text: costed as a plain function, a
-- search for a number no order holds was planned as a walk of the newest orders testing each (the
-- planner guesses 0.5 % of orders hold any number), which read all million of them (20 s).
CREATE FUNCTION order_search_numbers(search_text text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 10000 AS $$
  SELECT coalesce(array_agg(m[1]), '{}') FROM regexp_matches(search_text, '([0-9]+)', 'g') AS m
$$;--> statement-breakpoint
CREATE INDEX "orders_search_numbers_idx" ON "orders" USING gin (order_search_numbers("search_text"));
