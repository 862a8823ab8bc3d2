-- Refunds: money going back to a guest, from a ledger entry (a payment received) or from a session paid
-- at the provider that the ledger refused ("unrecorded", 20261127000100). A refund is its own row, never
-- a negative payment (see the ledger's migration, 20261124000300): what was received stays what was
-- received, and what went back is summed beside it. Online money goes back through the provider (its
-- refund id stored once); money the office took by phone or bank is owed until the office returns it by
-- hand and says so. A refund the provider refuses stays owed, for the office to settle.

create table public.payment_refunds (
  id uuid primary key default gen_random_uuid(),
  booking_request_id uuid not null references public.booking_requests (id) on delete cascade,
  -- The ledger entry the money goes back from; null for a paid session the ledger never recorded.
  payment_id uuid references public.payments (id) on delete cascade,
  payment_session_id uuid references public.payment_sessions (id) on delete cascade,
  amount_pence integer not null check (amount_pence > 0),
  -- cancellation: the guest cancelled and the policy decided the amount; office: an admin refunded.
  -- The list is refundReasons in src/features/payment/refund-contract.ts; a test holds the two equal.
  reason text not null check (reason in ('cancellation', 'office')),
  -- pending: being asked of the provider; refunded: back with the guest (the provider's refund, or the
  -- office's by hand); owed: still to go back (money taken by phone or bank, or a refund the provider
  -- refused). The list is refundStatuses in the refund contract.
  status text not null default 'pending' check (status in ('pending', 'refunded', 'owed')),
  -- Set when the money goes back through a provider; null when the office returns it by hand.
  provider text check (provider in ('stand-in', 'stripe', 'razorpay')),
  provider_refund_id text check (length(provider_refund_id) between 1 and 200),
  -- Why it is owed: the provider's refusal, or that the office returns it by hand.
  problem text check (length(problem) between 1 and 500),
  -- The admin who asked for it (null when the guest's cancellation did).
  requested_by uuid,
  requested_by_email text,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  constraint payment_refunds_from_a_payment_or_a_session check (payment_id is not null or payment_session_id is not null),
  constraint payment_refunds_pending_only_at_a_provider check (status <> 'pending' or provider is not null),
  -- Nulls are distinct: refunds by hand (no provider) are never compared.
  constraint payment_refunds_once_per_provider_refund unique (provider, provider_refund_id)
);
create index payment_refunds_booking on public.payment_refunds (booking_request_id, created_at);
create index payment_refunds_payment on public.payment_refunds (payment_id) where payment_id is not null;
create index payment_refunds_session on public.payment_refunds (payment_session_id) where payment_session_id is not null;

-- What goes back from a payment (or an unrecorded session) never passes what it brought in. Like the
-- ledger's own trigger, it locks what it sums first (the booking's row), so two refunds asked at once
-- take turns and the second sees the first. Raised as a check violation the server maps to a 409.
create function app_private.keep_refunds_within_what_was_paid() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  paid bigint;
  refunded bigint;
begin
  perform 1 from public.booking_requests where id = new.booking_request_id for update;
  if new.payment_id is not null then
    select amount_pence into paid from public.payments
    where id = new.payment_id and booking_request_id = new.booking_request_id;
    select coalesce(sum(amount_pence), 0) into refunded from public.payment_refunds
    where payment_id = new.payment_id;
  else
    select amount_pence into paid from public.payment_sessions
    where id = new.payment_session_id and booking_request_id = new.booking_request_id and status = 'unrecorded';
    select coalesce(sum(amount_pence), 0) into refunded from public.payment_refunds
    where payment_session_id = new.payment_session_id and payment_id is null;
  end if;
  if paid is null then
    raise exception 'A refund goes back from a payment of its own booking, or from a session paid but not recorded'
      using errcode = 'check_violation', constraint = 'payment_refunds_within_what_was_paid';
  end if;
  if refunded + new.amount_pence > paid then
    raise exception 'Refunds of % pence would pass the % pence paid', refunded + new.amount_pence, paid
      using errcode = 'check_violation', constraint = 'payment_refunds_within_what_was_paid';
  end if;
  return new;
end
$$;
revoke execute on function app_private.keep_refunds_within_what_was_paid() from public;

create trigger payment_refunds_stay_within_what_was_paid
  before insert on public.payment_refunds
  for each row execute function app_private.keep_refunds_within_what_was_paid();

-- A refund's amount and origin never change; only its outcome does, once, from pending or owed.
create function app_private.settle_refunds_only_forward() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.booking_request_id is distinct from old.booking_request_id
     or new.payment_id is distinct from old.payment_id
     or new.payment_session_id is distinct from old.payment_session_id
     or new.amount_pence is distinct from old.amount_pence
     or new.reason is distinct from old.reason
     or old.status = 'refunded'
     or (old.status = 'owed' and new.status = 'pending') then
    raise exception 'A refund is settled once, forward: pending to refunded or owed, owed to refunded'
      using errcode = 'check_violation', constraint = 'payment_refunds_settled_forward';
  end if;
  return new;
end
$$;

create trigger payment_refunds_settle_forward
  before update on public.payment_refunds
  for each row execute function app_private.settle_refunds_only_forward();

alter table public.payment_refunds enable row level security;

create policy "the server may ask for and settle refunds" on public.payment_refunds
  for all to service_role using (true) with check (true);

create policy "admins may read refunds and guests those of their own bookings" on public.payment_refunds
  for select to authenticated
  using (
    (select public.is_admin())
    or exists (
      select 1 from public.booking_requests request
      where request.id = booking_request_id and request.user_id = (select auth.uid())
        and request.deleted_at is null
    )
  );

create policy "admins may ask for refunds in their own name" on public.payment_refunds
  for insert to authenticated
  with check ((select public.is_admin()) and requested_by = (select auth.uid()) and reason = 'office');

create policy "admins may settle refunds" on public.payment_refunds
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

revoke all on public.payment_refunds from anon, authenticated, service_role;
grant select, insert, update (status, provider_refund_id, problem, settled_at) on public.payment_refunds to service_role;
-- A guest reads what went back and when; the provider's ids and the office's words are the office's.
grant select (id, booking_request_id, amount_pence, reason, status, created_at, settled_at)
  on public.payment_refunds to authenticated;
grant insert (booking_request_id, payment_id, payment_session_id, amount_pence, reason, status, provider, problem, requested_by, requested_by_email)
  on public.payment_refunds to authenticated;
grant update (status, provider_refund_id, problem, settled_at) on public.payment_refunds to authenticated;

-- Admins read whole refunds here, as the other dashboard views, and whole payment sessions: refunding
-- a session paid but not recorded asks the provider about it by its id.
create view dashboard.payment_refunds as
  select * from public.payment_refunds where (select public.is_admin());
revoke all on dashboard.payment_refunds from public, anon, authenticated, service_role;
grant select on dashboard.payment_refunds to authenticated;

create view dashboard.payment_sessions as
  select * from public.payment_sessions where (select public.is_admin());
revoke all on dashboard.payment_sessions from public, anon, authenticated, service_role;
grant select on dashboard.payment_sessions to authenticated;

-- Every refund asked for and every outcome is in the booking's history, with what it said.
alter table public.admin_audit_log drop constraint admin_audit_log_action_check;
alter table public.admin_audit_log add constraint admin_audit_log_action_check check (
  action in (
    'status_changed', 'deleted', 'restored', 'purged', 'payment_recorded', 'payment_deleted', 'note_added',
    'refund_requested', 'refund_settled'
  )
);

create function app_private.record_refund_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  claims jsonb := auth.jwt();
begin
  if tg_op = 'UPDATE' and new.status is not distinct from old.status then
    return new;
  end if;
  insert into public.admin_audit_log
    (collection, row_id, action, details, actor_id, actor_email, actor_role)
  values (
    'booking_requests',
    new.booking_request_id,
    case when tg_op = 'INSERT' then 'refund_requested' else 'refund_settled' end,
    pg_catalog.jsonb_strip_nulls(pg_catalog.jsonb_build_object(
      'refundId', new.id, 'paymentId', new.payment_id, 'amountPence', new.amount_pence,
      'reason', new.reason, 'status', new.status, 'provider', new.provider,
      'providerRefundId', new.provider_refund_id, 'problem', new.problem
    )),
    case
      when claims ->> 'sub' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then (claims ->> 'sub')::uuid
    end,
    nullif(claims ->> 'email', ''),
    coalesce(nullif(claims ->> 'role', ''), session_user::text)
  );
  return new;
end
$$;
revoke execute on function app_private.record_refund_change() from public;

create trigger payment_refunds_are_recorded
  after insert or update on public.payment_refunds
  for each row execute function app_private.record_refund_change();

-- The guest's email of their own cancellation and what it refunds, and the office's alert of it. The
-- list is src/server/email/delivery.ts's emailKinds.
alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check check (
  kind in (
    'booking_office_notice', 'booking_guest_receipt', 'confirm_email', 'existing_account', 'no_account',
    'reset_password', 'booking_confirmed', 'booking_declined', 'booking_cancelled', 'contact_office_alert',
    'career_office_alert', 'partner_office_alert', 'balance_reminder', 'balance_overdue',
    'calendar_conflict_alert', 'payment_receipt', 'cancellation_refund', 'refund_office_alert'
  )
);
