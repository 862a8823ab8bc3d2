-- The payments ledger: what the office received against a confirmed booking (a deposit, the balance,
-- anything else), in pence. The database keeps the sum received within the booking's total and takes
-- payments only on confirmed bookings, whoever writes; every entry and every removal is audited; and
-- the balance reminders record what was sent, in the transaction that queues the email.
--
-- A mistaken entry is corrected by deleting it, not by a reversing entry: an entry records money that
-- really arrived, so a wrong one never stood for money and a negative "reversal" would make every sum
-- and the amount > 0 rule carry a second meaning. The audit log keeps the deleted entry's amount,
-- kind, date and method, and who removed it, where no API role can edit it.

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  -- A payment goes with its booking when the booking is purged for good.
  booking_request_id uuid not null references public.booking_requests (id) on delete cascade,
  -- The list is paymentKinds in src/features/admin/ledger-contract.ts; a test holds the two equal.
  kind text not null check (kind in ('deposit', 'balance', 'other')),
  amount_pence integer not null check (amount_pence > 0),
  -- The day the money arrived (in Kerala), which may be before the day it was recorded.
  received_on date not null,
  -- The list is paymentMethods in the ledger contract.
  method text not null check (method in ('bank_transfer', 'card', 'cash', 'upi')),
  note text check (length(note) between 1 and 500),
  -- The admin who recorded it, from the session's claims; never taken from the request body.
  recorded_by uuid not null default auth.uid(),
  recorded_by_email text,
  created_at timestamptz not null default now()
);
create index payments_booking_request on public.payments (booking_request_id, received_on, created_at);

-- The sum received never passes the booking's total, and only a confirmed booking in use takes a
-- payment. A check cannot see other rows, so a trigger does it; it first locks the booking's row, so
-- two payments recorded at once take turns and the second sees the first's amount (under READ
-- COMMITTED each statement of the function reads what has committed by then). Raised as check
-- violations (23514) with constraint names the server maps to a 409 with a message.
create function app_private.keep_payments_within_the_total() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  booking record;
  received bigint;
begin
  select status, deleted_at, total_pence into booking
  from public.booking_requests where id = new.booking_request_id
  for update;
  if not found then
    -- The foreign key refuses it just after; say so in its words.
    return new;
  end if;
  if booking.status <> 'confirmed' or booking.deleted_at is not null then
    raise exception 'Only a confirmed booking takes payments; this one is %', booking.status
      using errcode = 'check_violation', constraint = 'payments_only_on_confirmed_bookings';
  end if;
  select coalesce(sum(amount_pence), 0) into received
  from public.payments where booking_request_id = new.booking_request_id;
  if received + new.amount_pence > booking.total_pence then
    raise exception 'Payments of % pence would pass the booking''s total of % pence',
      received + new.amount_pence, booking.total_pence
      using errcode = 'check_violation', constraint = 'payments_within_the_booking_total';
  end if;
  return new;
end
$$;
revoke execute on function app_private.keep_payments_within_the_total() from public;

create trigger payments_stay_within_the_booking_total
  before insert on public.payments
  for each row execute function app_private.keep_payments_within_the_total();

-- An entry is never edited: a wrong one is deleted (see the top of this file) and recorded again.
create function app_private.refuse_payment_edits() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'A payment is never changed; delete the wrong entry and record it again'
    using errcode = 'check_violation', constraint = 'payments_are_not_edited';
end
$$;

create trigger payments_are_not_edited
  before update on public.payments
  for each row execute function app_private.refuse_payment_edits();

alter table public.payments enable row level security;

create policy "admins may read payments and guests those of their own bookings" on public.payments
  for select to authenticated
  using (
    (select public.is_admin())
    or exists (
      select 1 from public.booking_requests request
      where request.id = booking_request_id and request.user_id = (select auth.uid())
        and request.deleted_at is null
    )
  );

create policy "admins may record payments in their own name" on public.payments
  for insert to authenticated
  with check ((select public.is_admin()) and recorded_by = (select auth.uid()));

create policy "admins may delete payments" on public.payments
  for delete to authenticated
  using ((select public.is_admin()));

-- The revoke removes Supabase's default grants (20261122000800). A guest reads what was received and
-- when, never the office's note or who recorded it; admins read those through dashboard.payments.
revoke all on public.payments from anon, authenticated, service_role;
grant select (id, booking_request_id, kind, amount_pence, received_on, method, created_at)
  on public.payments to authenticated;
grant insert (booking_request_id, kind, amount_pence, received_on, method, note, recorded_by, recorded_by_email)
  on public.payments to authenticated;
grant delete on public.payments to authenticated;
grant select on public.payments to service_role;

-- Admins read whole entries here (note and author included), as the other dashboard views.
create view dashboard.payments as
  select * from public.payments where (select public.is_admin());
revoke all on dashboard.payments from public, anon, authenticated, service_role;
grant select on dashboard.payments to authenticated;

-- The audit log learns the ledger's and the notes' actions, each about the booking (collection
-- booking_requests, row_id the booking's id) so a booking's history lists them, with what the entry
-- said in `details`, so a deleted payment's amount and date outlive it.
alter table public.admin_audit_log add column details jsonb;
alter table public.admin_audit_log drop constraint admin_audit_log_action_check;
alter table public.admin_audit_log add constraint admin_audit_log_action_check check (
  action in ('status_changed', 'deleted', 'restored', 'purged', 'payment_recorded', 'payment_deleted', 'note_added')
);

create function app_private.record_payment_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  claims jsonb := auth.jwt();
  entry public.payments;
begin
  if tg_op = 'DELETE' then entry := old; else entry := new; end if;
  insert into public.admin_audit_log
    (collection, row_id, action, details, actor_id, actor_email, actor_role)
  values (
    'booking_requests',
    entry.booking_request_id,
    case when tg_op = 'DELETE' then 'payment_deleted' else 'payment_recorded' end,
    pg_catalog.jsonb_build_object(
      'paymentId', entry.id, 'kind', entry.kind, 'amountPence', entry.amount_pence,
      'receivedOn', pg_catalog.to_char(entry.received_on, 'YYYY-MM-DD'), 'method', entry.method
    ),
    case
      when claims ->> 'sub' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then (claims ->> 'sub')::uuid
    end,
    nullif(claims ->> 'email', ''),
    coalesce(nullif(claims ->> 'role', ''), session_user::text)
  );
  return entry;
end
$$;
revoke execute on function app_private.record_payment_change() from public;

-- After the row is written, so only what really happened is recorded.
create trigger payments_are_recorded
  after insert or delete on public.payments
  for each row execute function app_private.record_payment_change();

-- The emails the ledger sends: the guest's reminder a week before the balance is due, and the office's
-- notice of a balance past its date. The list is src/server/email/delivery.ts's emailKinds.
alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check check (
  kind in (
    'booking_office_notice', 'booking_guest_receipt', 'confirm_email', 'existing_account', 'no_account',
    'reset_password', 'booking_confirmed', 'booking_declined', 'booking_cancelled', 'contact_office_alert',
    'career_office_alert', 'partner_office_alert', 'balance_reminder', 'balance_overdue'
  )
);

-- Which reminder went for which booking: one row each, inserted in the transaction that queues the
-- email, so a reminder is queued exactly once however often (or however concurrently) the job runs.
-- The primary key makes a second run's insert wait for the first and then do nothing.
create table public.payment_reminders (
  booking_request_id uuid not null references public.booking_requests (id) on delete cascade,
  kind text not null check (kind in ('balance_reminder', 'balance_overdue')),
  -- The balance's due date the reminder was about.
  due_on date not null,
  email_id uuid references public.email_outbox (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (booking_request_id, kind)
);

alter table public.payment_reminders enable row level security;

create policy "the server may record the reminders it sends" on public.payment_reminders
  for all to service_role using (true) with check (true);

create policy "admins may read which reminders went" on public.payment_reminders
  for select to authenticated
  using ((select public.is_admin()));

revoke all on public.payment_reminders from anon, authenticated, service_role;
grant select, insert, update (email_id) on public.payment_reminders to service_role;
grant select on public.payment_reminders to authenticated;
