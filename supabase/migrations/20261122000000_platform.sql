-- Shared machinery the features rely on: who is an admin, idempotent retries, rate-limit counters.
-- app_private is not exposed by Supabase's Data API; only service_role works in it.

create schema if not exists app_private;
grant usage on schema app_private to service_role;

-- Admin is app_metadata.role (set by the server), never user_metadata (editable by the user).
create or replace function public.is_admin() returns boolean
language sql stable
set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role' = 'admin', false)
$$;
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- The first answer to a request, kept so that a retry with the same Idempotency-Key gets it again
-- instead of storing a second row.
create table app_private.idempotency_keys (
  scope text not null,
  key text not null check (length(key) between 8 and 200),
  request_hash text not null,
  response_status integer,
  response_body jsonb,
  created_at timestamptz not null default now(),
  primary key (scope, key)
);
alter table app_private.idempotency_keys enable row level security;
create policy "the server may manage idempotency keys" on app_private.idempotency_keys
  for all to service_role using (true) with check (true);
grant select, insert, update, delete on app_private.idempotency_keys to service_role;

-- Fixed-window counters. Incremented with one upsert, so concurrent requests never lose a count.
create table app_private.rate_limit_counters (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, window_start)
);
alter table app_private.rate_limit_counters enable row level security;
create policy "the server may count requests" on app_private.rate_limit_counters
  for all to service_role using (true) with check (true);
grant select, insert, update, delete on app_private.rate_limit_counters to service_role;
