-- Online payments: the sessions the site opens at a payment provider for exactly what a booking owes,
-- each provider event stored once, and the ledger entry a paid session becomes. A provider retries a
-- webhook until it is answered, and the guest's return asks the provider too, so one payment arrives
-- by several roads: the unique keys below make every road after the first store nothing. The ledger's
-- trigger (20261124000300) still keeps what was received within the booking's total.

-- The list is paymentProviders in src/server/booking/payments/payment-provider.ts; a test holds the two equal.
alter table public.payments
  add column provider text check (provider in ('stand-in', 'stripe', 'razorpay')),
  -- The provider's own name for the money (Stripe's payment intent), what a refund is asked against.
  add column provider_reference text check (length(provider_reference) between 1 and 200),
  add constraint payments_provider_and_reference_together check ((provider is null) = (provider_reference is null)),
  -- Nulls are distinct here, so the office's own entries (no provider) are never compared.
  add constraint payments_recorded_once_per_provider_reference unique (provider, provider_reference);

-- An online payment is recorded by the server for the provider, in nobody's name.
alter table public.payments alter column recorded_by drop not null;
alter table public.payments
  add constraint payments_recorded_by_an_admin_or_a_provider check (recorded_by is not null or provider is not null);

create policy "the server may record what a payment provider received" on public.payments
  for insert to service_role
  with check (provider is not null and recorded_by is null);

grant insert (booking_request_id, kind, amount_pence, received_on, method, provider, provider_reference)
  on public.payments to service_role;
-- A guest sees that a payment came online; the provider's reference is the office's.
grant select (provider) on public.payments to authenticated;

create table public.payment_sessions (
  id uuid primary key default gen_random_uuid(),
  booking_request_id uuid not null references public.booking_requests (id) on delete cascade,
  provider text not null check (provider in ('stand-in', 'stripe', 'razorpay')),
  provider_session_id text not null check (length(provider_session_id) between 1 and 200),
  -- What the session asks for: the list is payableKinds in src/lib/payment-due.ts.
  kind text not null check (kind in ('deposit', 'balance')),
  amount_pence integer not null check (amount_pence > 0),
  currency text not null default 'GBP' check (currency in ('GBP')),
  -- open: the guest may still pay; paid: recorded in the ledger (payment_id); expired: never paid;
  -- unrecorded: paid at the provider but refused by the ledger (the booking was cancelled, or the
  -- money would pass its total), so the office refunds it. The list is paymentSessionStatuses in
  -- payment-provider.ts.
  status text not null default 'open' check (status in ('open', 'paid', 'expired', 'unrecorded')),
  payment_id uuid references public.payments (id) on delete set null,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  constraint payment_sessions_once_per_provider_session unique (provider, provider_session_id),
  constraint payment_sessions_paid_have_their_payment check (status <> 'paid' or payment_id is not null)
);
create index payment_sessions_booking on public.payment_sessions (booking_request_id, created_at);

alter table public.payment_sessions enable row level security;

create policy "the server may open and settle payment sessions" on public.payment_sessions
  for all to service_role using (true) with check (true);

create policy "admins may read payment sessions and guests those of their own bookings" on public.payment_sessions
  for select to authenticated
  using (
    (select public.is_admin())
    or exists (
      select 1 from public.booking_requests request
      where request.id = booking_request_id and request.user_id = (select auth.uid())
        and request.deleted_at is null
    )
  );

revoke all on public.payment_sessions from anon, authenticated, service_role;
grant select, insert, update (status, payment_id, settled_at) on public.payment_sessions to service_role;
grant select (id, booking_request_id, provider, kind, amount_pence, currency, status, created_at, settled_at)
  on public.payment_sessions to authenticated;

-- Every webhook event a provider delivered, by its own id: a retried or replayed delivery finds its id
-- here and records nothing again.
create table public.payment_provider_events (
  provider text not null check (provider in ('stand-in', 'stripe', 'razorpay')),
  event_id text not null check (length(event_id) between 1 and 200),
  type text not null check (length(type) between 1 and 100),
  provider_session_id text check (length(provider_session_id) between 1 and 200),
  received_at timestamptz not null default now(),
  primary key (provider, event_id)
);

alter table public.payment_provider_events enable row level security;

create policy "the server may store each provider event once" on public.payment_provider_events
  for all to service_role using (true) with check (true);

create policy "admins may read provider events" on public.payment_provider_events
  for select to authenticated
  using ((select public.is_admin()));

revoke all on public.payment_provider_events from anon, authenticated, service_role;
grant select, insert on public.payment_provider_events to service_role;
grant select on public.payment_provider_events to authenticated;

-- The guest's receipt of an online payment. The list is src/server/email/delivery.ts's emailKinds.
alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check check (
  kind in (
    'booking_office_notice', 'booking_guest_receipt', 'confirm_email', 'existing_account', 'no_account',
    'reset_password', 'booking_confirmed', 'booking_declined', 'booking_cancelled', 'contact_office_alert',
    'career_office_alert', 'partner_office_alert', 'balance_reminder', 'balance_overdue',
    'calendar_conflict_alert', 'payment_receipt'
  )
);
