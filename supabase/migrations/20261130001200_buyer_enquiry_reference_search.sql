-- The dashboard's search matches each word in a buyer's enquiry's text or anywhere in its reference
-- ("483920" for KB-2026-483920), as it does for booking requests (20261130001100). Without a trigram
-- index on the reference, that `or` could use neither index: a two-word search read the enquiries in
-- date order and filtered every one (287 ms at 100,000 rows, `npm run bench:admin`); with it, a bitmap of
-- both indexes per word (26 ms).
create index buyer_enquiries_reference_search on public.buyer_enquiries
  using gin (reference extensions.gin_trgm_ops);
