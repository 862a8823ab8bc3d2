-- The concierge's services booked on a stay (src/content/concierge.json): what the guest chose (the
-- service, its day and time in India, how many, its options, the flight), what it was priced at when
-- chosen (src/lib/concierge-services.ts, the one pricing rule), its cut-offs, where it stands, and the
-- payment that paid it. A service's price is its own: the stay's price never changes with it.
--
-- A guest adds services to their own booking and cancels them; the office prices those on request,
-- confirms, cancels and marks refunds; nobody deletes one but the server purging a booking.

create table public.booking_services (
  id uuid primary key default gen_random_uuid(),
  booking_request_id uuid not null references public.booking_requests (id) on delete cascade,
  -- The content entry's short name, and its name when chosen (an entry renamed later keeps the words
  -- the guest agreed to).
  service text not null check (service ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(service) <= 100),
  service_name text not null check (length(btrim(service_name)) between 1 and 120),
  -- When it starts, and the day and time as the guest chose them (India time).
  starts_at timestamptz not null,
  service_date date not null,
  service_time text not null check (service_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  quantity integer not null check (quantity between 1 and 50),
  -- Option id → choice id, and the same in words ("Airport: Kochi (COK)").
  options jsonb not null default '{}'::jsonb check (jsonb_typeof(options) = 'object'),
  chosen text[] not null default '{}',
  flight text check (length(btrim(flight)) between 1 and 20),
  note text check (length(btrim(note)) between 1 and 500),
  -- The price in pence; null while a service on request waits for the office to price it.
  price_pence integer check (price_pence >= 0),
  -- Until when cancelling refunds it in full, and the share refunded after that.
  free_cancellation_until timestamptz not null,
  late_refund_percent integer not null check (late_refund_percent between 0 and 100),
  -- The list is bookingServiceStatuses in src/features/booking/booking-service-contract.ts; a test
  -- holds the two equal.
  status text not null check (status in ('requested', 'awaiting_price', 'confirmed', 'cancelled', 'refunded')),
  -- The payment that paid it, when one has.
  payment_id uuid references public.payments (id) on delete set null,
  refund_pence integer check (refund_pence >= 0),
  -- The browser's key for this add: a double click or a retry of one add stores one row.
  request_key text not null check (request_key ~ '^[A-Za-z0-9_-]{8,200}$'),
  created_by uuid not null default auth.uid(),
  created_at timestamptz not null default now(),
  status_changed_at timestamptz not null default now(),
  constraint booking_services_one_row_per_add unique (booking_request_id, request_key),
  constraint booking_services_priced_unless_awaiting check ((status = 'awaiting_price') = (price_pence is null)),
  constraint booking_services_refund_when_refunded check ((status = 'refunded') = (refund_pence is not null)),
  constraint booking_services_day_is_its_start check (
    service_date = (starts_at at time zone 'Asia/Kolkata')::date
    and service_time = to_char(starts_at at time zone 'Asia/Kolkata', 'HH24:MI')
  )
);
-- The office's day: services by when they start.
create index booking_services_by_start on public.booking_services (starts_at) where status in ('requested', 'awaiting_price', 'confirmed');
create index booking_services_booking on public.booking_services (booking_request_id, starts_at);

alter table public.booking_services enable row level security;

create policy "guests may read the services of their own bookings and admins every one" on public.booking_services
  for select to authenticated
  using (
    (select public.is_admin())
    or exists (
      select 1 from public.booking_requests request
      where request.id = booking_request_id and request.user_id = (select auth.uid())
        and request.deleted_at is null
    )
  );

create policy "guests may add services to their own open bookings, unpaid, and admins to any" on public.booking_services
  for insert to authenticated
  with check (
    created_by = (select auth.uid())
    and payment_id is null
    and refund_pence is null
    and status in ('requested', 'awaiting_price')
    and (
      (select public.is_admin())
      or exists (
        select 1 from public.booking_requests request
        where request.id = booking_request_id and request.user_id = (select auth.uid())
          and request.deleted_at is null and request.status in ('new', 'confirmed')
      )
    )
  );

create policy "guests may cancel the services of their own bookings and admins may change any" on public.booking_services
  for update to authenticated
  using (
    (select public.is_admin())
    or exists (
      select 1 from public.booking_requests request
      where request.id = booking_request_id and request.user_id = (select auth.uid())
        and request.deleted_at is null
    )
  )
  with check ((select public.is_admin()) or status = 'cancelled');

create policy "the server may read booked services" on public.booking_services
  for select to service_role using (true);
create policy "the server may add booked services" on public.booking_services
  for insert to service_role with check (true);
create policy "the server may settle booked services" on public.booking_services
  for update to service_role using (true) with check (true);
create policy "the server may purge booked services with their booking" on public.booking_services
  for delete to service_role using (true);

revoke all on public.booking_services from anon, authenticated, service_role;
grant select on public.booking_services to authenticated;
grant insert (
  booking_request_id, service, service_name, starts_at, service_date, service_time, quantity, options,
  chosen, flight, note, price_pence, free_cancellation_until, late_refund_percent, status, request_key,
  created_by
) on public.booking_services to authenticated;
grant update (status, price_pence, payment_id, refund_pence, status_changed_at) on public.booking_services to authenticated;
grant select, insert, update, delete on public.booking_services to service_role;

-- What a guest chose never changes; a guest (not the office, not the server) changes nothing but its
-- status to cancelled, and only before it has started; a cancelled or refunded service stays so but
-- for a cancelled one being refunded.
create function app_private.keep_booked_services_as_chosen() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.booking_request_id, new.service, new.service_name, new.starts_at, new.quantity, new.options,
      new.chosen, new.flight, new.note, new.request_key, new.created_by, new.created_at)
     is distinct from
     (old.booking_request_id, old.service, old.service_name, old.starts_at, old.quantity, old.options,
      old.chosen, old.flight, old.note, old.request_key, old.created_by, old.created_at) then
    raise exception 'a booked service keeps what was chosen: cancel it and add another'
      using errcode = 'check_violation';
  end if;
  if old.status in ('cancelled', 'refunded') and new.status <> old.status
     and not (old.status = 'cancelled' and new.status = 'refunded') then
    raise exception 'a % service stays %', old.status, old.status using errcode = 'check_violation';
  end if;
  if coalesce(auth.jwt() ->> 'role', '') = 'authenticated' and not public.is_admin() then
    if new.price_pence is distinct from old.price_pence or new.payment_id is distinct from old.payment_id
       or new.refund_pence is distinct from old.refund_pence then
      raise exception 'only the office prices, settles or refunds a booked service' using errcode = 'insufficient_privilege';
    end if;
    if old.starts_at <= now() then
      raise exception 'a service that has started cannot be cancelled' using errcode = 'check_violation';
    end if;
  end if;
  new.status_changed_at := case when new.status <> old.status then now() else old.status_changed_at end;
  return new;
end;
$$;

create trigger booking_services_keep_as_chosen
  before update on public.booking_services
  for each row execute function app_private.keep_booked_services_as_chosen();
