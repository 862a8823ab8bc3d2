-- The office quotes part of a reference ("0016" for KV-2026-0016): the dashboard's search also matches
-- a word anywhere in the reference, which this trigram index answers beside the search text's own, so a
-- search stays a bitmap of two index scans rather than a read of every request.
create index booking_requests_reference_search on public.booking_requests
  using gin (reference extensions.gin_trgm_ops);
