-- A booked service (public.booking_services) is paid in full, on its own, never inside the stay's
-- deposit or balance (docs/decisions.md, #49). Its payment is a ledger row like the stay's, with
-- booking_service_id naming the service; the stay's sums (what it received, what it still owes) leave
-- such rows out, and the ledger's trigger keeps a service's payments within the service's price as it
-- keeps a stay's within the stay's total. A session opened for a service names it too, so its return
-- and its webhook settle the service and nothing of the stay.

alter table public.payments
  -- Null for the stay's own payments. A service goes with its booking when the booking is purged.
  add column booking_service_id uuid references public.booking_services (id) on delete cascade;

-- A service is paid whole, once: a second payment for it (a double click's second session, paid) is
-- refused here whoever writes, and the server refunds it as a session paid too late.
create unique index payments_one_per_service on public.payments (booking_service_id)
  where booking_service_id is not null;

alter table public.payment_sessions
  add column booking_service_id uuid references public.booking_services (id) on delete cascade;
create index payment_sessions_service on public.payment_sessions (booking_service_id)
  where booking_service_id is not null;

-- The same trigger as 20261124000300, told apart by booking_service_id: a stay's payment is held
-- within the stay's total counting only the stay's payments; a service's within its price, and only
-- while the service is confirmed, priced and on this booking. The booking's row is locked first in both,
-- so a stay's and a service's payments recorded at once still take turns.
create or replace function app_private.keep_payments_within_the_total() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  booking record;
  service record;
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
  if new.booking_service_id is null then
    select coalesce(sum(amount_pence), 0) into received
    from public.payments
    where booking_request_id = new.booking_request_id and booking_service_id is null;
    if received + new.amount_pence > booking.total_pence then
      raise exception 'Payments of % pence would pass the booking''s total of % pence',
        received + new.amount_pence, booking.total_pence
        using errcode = 'check_violation', constraint = 'payments_within_the_booking_total';
    end if;
    return new;
  end if;
  select booking_request_id, status, price_pence into service
  from public.booking_services where id = new.booking_service_id
  for update;
  if not found then
    return new;
  end if;
  if service.booking_request_id <> new.booking_request_id then
    raise exception 'This service is booked on another stay'
      using errcode = 'check_violation', constraint = 'payments_service_on_its_booking';
  end if;
  if service.status <> 'confirmed' or service.price_pence is null then
    raise exception 'Only a confirmed, priced service takes a payment; this one is %', service.status
      using errcode = 'check_violation', constraint = 'payments_only_on_confirmed_services';
  end if;
  select coalesce(sum(amount_pence), 0) into received
  from public.payments where booking_service_id = new.booking_service_id;
  if received + new.amount_pence > service.price_pence then
    raise exception 'Payments of % pence would pass the service''s price of % pence',
      received + new.amount_pence, service.price_pence
      using errcode = 'check_violation', constraint = 'payments_within_the_service_price';
  end if;
  return new;
end
$$;
revoke execute on function app_private.keep_payments_within_the_total() from public;

-- The server records a provider's payment for a service and opens sessions for one; a guest sees which
-- of their payments paid a service (the policies on both tables already limit them to their own).
grant insert (booking_service_id) on public.payments to service_role;
grant select (booking_service_id) on public.payments to authenticated, service_role;
grant insert (booking_service_id) on public.payment_sessions to service_role;
grant select (booking_service_id) on public.payment_sessions to authenticated;

-- The office's view of the ledger again (as 20261202000500's): `select *` took the columns the table
-- had then, so booking_service_id reaches the office's screens only when the view is made anew.
create or replace view dashboard.payments as
  select * from public.payments where (select public.is_admin());

-- The arrival pack is released by the stay's deposit, not by a massage paid: as 20261202000200's
-- definition, counting only the stay's own payments.
create or replace function public.arrival_pack_is_released(booking uuid) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.booking_requests request
    where request.id = booking and request.status = 'confirmed' and request.deleted_at is null
      and (pg_catalog.now() at time zone 'Asia/Kolkata')::date <= request.departure + 1
      and (
        exists (select 1 from public.arrival_pack_releases release where release.booking_request_id = request.id)
        or (select coalesce(sum(payment.amount_pence), 0) from public.payments payment
            where payment.booking_request_id = request.id and payment.booking_service_id is null)
          >= request.deposit_pence
      )
  )
$$;
