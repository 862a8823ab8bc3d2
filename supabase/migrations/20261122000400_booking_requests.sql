-- Booking requests from signed-in guests, with the quote they were shown. A guest sends and reads their
-- own; only admins read every request, confirm, decline, cancel, delete and restore.

-- btree_gist lets one exclusion constraint compare the property slug (=) and the stay (&&). It goes in
-- `extensions`, where Supabase keeps extensions, so that schema is created here for plain PostgreSQL.
create schema if not exists extensions;
create extension if not exists btree_gist with schema extensions;

create table public.booking_requests (
  id uuid primary key default gen_random_uuid(),
  -- The guest's auth uid. No foreign key to auth.users: the embedded auth backend has no such table
  -- yet, and a migration must run the same on Supabase, plain PostgreSQL and the embedded database.
  user_id uuid not null,
  name text not null check (length(name) between 1 and 120),
  email text not null check (length(email) between 3 and 254),
  phone text not null check (length(phone) between 5 and 30),
  city text not null check (length(city) between 1 and 120),
  -- A villa or apartment slug from src/content. The API checks it exists; the database only its shape,
  -- so an editor adding a property needs no migration.
  property text not null check (property ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(property) <= 100),
  arrival date not null,
  departure date not null,
  guests integer not null check (guests between 1 and 50),
  message text check (length(message) between 1 and 5000),

  -- The quote in pence, made by src/lib/pricing.ts when the request was sent. The rates and
  -- percentages live in that code and the content files; the database checks that the quote adds up.
  nights integer not null,
  weekly_rate_pence integer not null check (weekly_rate_pence >= 0),
  subtotal_pence integer not null check (subtotal_pence >= 0),
  discount_pence integer not null check (discount_pence >= 0),
  total_pence integer not null,
  deposit_pence integer not null check (deposit_pence >= 0),
  balance_pence integer not null check (balance_pence >= 0),
  -- Null when everything is due on confirmation.
  balance_due_date date,

  status text not null default 'new' check (status in ('new', 'confirmed', 'declined', 'cancelled')),
  created_at timestamptz not null default now(),
  -- When an admin last changed the status; set by the transition trigger, null while new.
  status_changed_at timestamptz,
  deleted_at timestamptz,

  constraint booking_requests_departure_after_arrival check (departure > arrival),
  constraint booking_requests_nights_are_the_stay check (nights = departure - arrival),
  constraint booking_requests_discount_within_subtotal check (discount_pence <= subtotal_pence),
  constraint booking_requests_total_is_subtotal_less_discount check (total_pence = subtotal_pence - discount_pence),
  constraint booking_requests_deposit_and_balance_make_the_total check (
    deposit_pence + balance_pence = total_pence
  ),
  -- Without a due date there is no balance left to pay; with one, it falls before arrival.
  constraint booking_requests_balance_due_before_arrival check (
    case when balance_due_date is null then balance_pence = 0 else balance_due_date < arrival end
  ),
  -- Stays are half-open: a guest leaving on the 8th and the next arriving on the 8th do not overlap.
  -- Deleted requests do not hold their dates; restoring one that now overlaps is refused.
  constraint booking_requests_confirmed_stays_do_not_overlap exclude using gist (
    property with =,
    daterange(arrival, departure, '[)') with &&
  ) where (status = 'confirmed' and deleted_at is null)
);
create index booking_requests_created_at on public.booking_requests (created_at desc);
create index booking_requests_property_arrival on public.booking_requests (property, arrival);
-- A guest's account page, and the guests' read policy, look rows up by user.
create index booking_requests_user_id_created_at on public.booking_requests (user_id, created_at desc);

-- The only moves a request's status may make: new → confirmed | declined, confirmed → cancelled. A
-- trigger rather than a check, because a check cannot see the old row. It applies to every role,
-- service_role and the table owner included. Raised as a check violation (23514) naming the constraint
-- booking_requests_status_transition, so a caller can tell it from a bad value.
create function app_private.allow_only_forward_status_changes() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    if old.deleted_at is not null then
      raise exception 'A deleted booking request cannot change status; restore it first'
        using errcode = 'check_violation', constraint = 'booking_requests_status_transition';
    end if;
    if not ((old.status = 'new' and new.status in ('confirmed', 'declined'))
            or (old.status = 'confirmed' and new.status = 'cancelled')) then
      raise exception 'A booking request cannot go from % to %', old.status, new.status
        using errcode = 'check_violation', constraint = 'booking_requests_status_transition',
              hint = 'new may become confirmed or declined; confirmed may become cancelled.';
    end if;
    new.status_changed_at := now();
  end if;
  return new;
end
$$;

create trigger booking_requests_status_moves_forward
  before update on public.booking_requests
  for each row execute function app_private.allow_only_forward_status_changes();

-- Two transactions confirming overlapping stays at once each add their index entry, then each waits
-- for the other to finish: a deadlock, which Postgres breaks after a second by aborting one of them
-- (40P01) instead of reporting the overlap. Taking a per-property lock before the row is written makes
-- them take turns, so the later one always fails with the overlap (23P01).
create function app_private.confirm_one_stay_of_a_property_at_a_time() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'confirmed' and new.deleted_at is null then
    perform pg_catalog.pg_advisory_xact_lock(
      pg_catalog.hashtextextended('public.booking_requests.property:' || new.property, 0)
    );
  end if;
  return new;
end
$$;

create trigger booking_requests_confirmations_take_turns
  before insert or update on public.booking_requests
  for each row execute function app_private.confirm_one_stay_of_a_property_at_a_time();

alter table public.booking_requests enable row level security;

create policy "guests may send booking requests for themselves" on public.booking_requests
  for insert to authenticated
  with check (user_id = (select auth.uid()) and status = 'new' and deleted_at is null);

create policy "guests may read their own booking requests and admins every one" on public.booking_requests
  for select to authenticated
  using ((user_id = (select auth.uid()) and deleted_at is null) or (select public.is_admin()));

create policy "admins may change booking requests" on public.booking_requests
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins may delete booking requests" on public.booking_requests
  for delete to authenticated
  using ((select public.is_admin()));

-- Column grants: a guest sends their details, stay and quote, never the status, times or deleted
-- state; an admin changes only the status and the deleted state. Anon gets nothing.
grant insert (
  id, user_id, name, email, phone, city, property, arrival, departure, guests, message,
  nights, weekly_rate_pence, subtotal_pence, discount_pence, total_pence, deposit_pence, balance_pence,
  balance_due_date
) on public.booking_requests to authenticated;
grant select, delete on public.booking_requests to authenticated;
grant update (status, deleted_at) on public.booking_requests to authenticated;
grant all on public.booking_requests to service_role;
