-- The per-client limits (src/server/http/rate-limit.ts) count in a window that slides with the clock
-- instead of fixed minutes, which let twice the limit through across an edge: one row per request let
-- through, counted while it is younger than the window. A request takes a transaction-scoped advisory
-- lock on its bucket, counts the bucket's rows still in the window and adds its own only under the
-- limit, so concurrent requests never overshoot; a refused request adds nothing, so a client that waits
-- as Retry-After says is let in. Each row carries when it stops counting, for the sweep.
create table app_private.rate_limit_hits (
  id bigint generated always as identity primary key,
  -- What is limited and for whom: `form:contact:203.0.113.7`, `auth:login:account:…`.
  bucket text not null check (length(bucket) between 1 and 600),
  hit_at timestamptz not null,
  -- hit_at plus the limit's window: past it the row counts for nothing and any request may delete it.
  expires_at timestamptz not null,
  constraint rate_limit_hits_expire_after_the_hit check (expires_at > hit_at)
);
-- A bucket's hits in its window, oldest first (the oldest says when the next place frees).
create index rate_limit_hits_bucket on app_private.rate_limit_hits (bucket, hit_at);
create index rate_limit_hits_expiry on app_private.rate_limit_hits (expires_at);

alter table app_private.rate_limit_hits enable row level security;
create policy "the server may read what it counted" on app_private.rate_limit_hits
  for select to service_role using (true);
create policy "the server may count a request" on app_private.rate_limit_hits
  for insert to service_role with check (true);
create policy "the server may sweep hits that count no more" on app_private.rate_limit_hits
  for delete to service_role using (true);
grant select, insert, delete on app_private.rate_limit_hits to service_role;

-- The fixed minutes it replaces; their counts are worthless a minute after a deploy anyway.
drop table app_private.rate_limit_counters;
