-- A booking request typed by a guest who is not signed in, kept only until the emailed link (or its
-- code) proves the address is theirs: then it is sent as a request of that account, priced again, and
-- only then does it hold nights or alert the office. Whoever typed it may not own the address, so it
-- lives apart from booking_requests, read by the server alone, and lasts a day; the daily purge
-- deletes it after.
create table app_private.unconfirmed_booking_requests (
  id uuid primary key default gen_random_uuid(),
  -- The address the link went to, lower-cased: only an account with it can send this request.
  email text not null check (length(email) between 3 and 254),
  -- The request as typed (booking-contract.ts's bookingRequestSchema, checked again when it is sent).
  request jsonb not null check (jsonb_typeof(request) = 'object'),
  -- The client address it came from (client-key.ts): an instant book's hold counts it.
  client_key text not null check (length(client_key) between 1 and 100),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '1 day',
  sent_at timestamptz,
  booking_request_id uuid references public.booking_requests (id) on delete set null,
  check (expires_at > created_at)
);
create index unconfirmed_booking_requests_expiry on app_private.unconfirmed_booking_requests (expires_at);

alter table app_private.unconfirmed_booking_requests enable row level security;
create policy "only the server manages unconfirmed booking requests"
  on app_private.unconfirmed_booking_requests for all to service_role using (true) with check (true);
grant select, insert, update, delete on app_private.unconfirmed_booking_requests to service_role;

-- The emails of sign-in links and kept quotes, appended to whatever kinds the outbox allows when this
-- runs (other migrations of the same days add theirs).
do $$
declare
  definition text;
begin
  select pg_get_constraintdef(oid) into definition from pg_constraint
  where conname = 'email_outbox_kind_check' and conrelid = 'public.email_outbox'::regclass;
  alter table public.email_outbox drop constraint email_outbox_kind_check;
  execute format(
    'alter table public.email_outbox add constraint email_outbox_kind_check %s',
    regexp_replace(definition, '::text\]', '::text, ''sign_in_link''::text, ''stay_quote''::text]')
  );
end
$$;
