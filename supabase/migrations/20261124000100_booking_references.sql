-- Booking references: KV-2027-0042, the number a guest quotes when they pay or call. The year is the
-- year the request was made in Kerala; the number counts that year's requests from 1 (four digits, more
-- after 9999). The format is bookingReferencePattern in src/features/booking/booking-contract.ts; a
-- test holds this check equal to it.
--
-- A reference names a request for people; it opens nothing. The API still finds a request by its id
-- and decides by the caller's session and RLS, so knowing (or guessing) a reference fetches nothing.
--
-- The number comes from a counter row per year, taken with `insert … on conflict do update …
-- returning`: one statement that locks the year's row, so concurrent requests take turns and each gets
-- the next number, where a read-then-write would hand two of them the same one. A sequence would
-- neither restart each year nor stay gapless (a rolled-back insert spends its value); the counter's
-- update rolls back with the request, and the row lock it holds until commit costs nothing at the
-- rate people send booking requests. The counter only ever grows: deleting or purging a request
-- leaves it alone, so no number is ever given twice.

create table app_private.booking_reference_counters (
  year integer primary key check (year between 2000 and 9999),
  -- The last number given in that year.
  last_number integer not null check (last_number >= 1)
);

-- Only the trigger below (as the owner) touches it; no API role, service_role included, may.
alter table app_private.booking_reference_counters enable row level security;
revoke all on app_private.booking_reference_counters from public, anon, authenticated, service_role;

alter table public.booking_requests add column reference text;

-- Existing requests get numbers in the order they arrived, per Kerala year, and the counters carry on
-- from there.
with numbered as (
  select id,
    extract(year from created_at at time zone 'Asia/Kolkata')::integer as year,
    row_number() over (
      partition by extract(year from created_at at time zone 'Asia/Kolkata') order by created_at, id
    )::integer as number
  from public.booking_requests
)
update public.booking_requests request
set reference = 'KV-' || numbered.year || '-' || lpad(numbered.number::text, greatest(4, length(numbered.number::text)), '0')
from numbered
where request.id = numbered.id;

insert into app_private.booking_reference_counters (year, last_number)
select extract(year from created_at at time zone 'Asia/Kolkata')::integer, count(*)
from public.booking_requests
group by 1;

-- The unique constraint's index is also how the dashboard's search finds a request by its reference.
alter table public.booking_requests
  alter column reference set not null,
  add constraint booking_requests_reference_format check (reference ~ '^KV-[0-9]{4}-[0-9]{4,}$'),
  add constraint booking_requests_reference_unique unique (reference);

-- Gives each new request the next reference of its Kerala year, whatever the insert said, and keeps
-- it for good: a changed reference would leave a guest quoting a number nobody can find. Security
-- definer, so the counter needs no grant to any API role.
create function app_private.assign_booking_reference() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  request_year integer;
  request_number integer;
begin
  if tg_op = 'UPDATE' then
    if new.reference is distinct from old.reference then
      raise exception 'A booking reference never changes'
        using errcode = 'check_violation', constraint = 'booking_requests_reference_kept';
    end if;
    return new;
  end if;
  request_year := extract(year from new.created_at at time zone 'Asia/Kolkata')::integer;
  insert into app_private.booking_reference_counters as counter (year, last_number)
  values (request_year, 1)
  on conflict on constraint booking_reference_counters_pkey
  do update set last_number = counter.last_number + 1
  returning counter.last_number into request_number;
  new.reference := 'KV-' || request_year || '-'
    || pg_catalog.lpad(request_number::text, greatest(4, pg_catalog.length(request_number::text)), '0');
  return new;
end
$$;
revoke execute on function app_private.assign_booking_reference() from public;

create trigger booking_requests_get_a_reference
  before insert or update of reference on public.booking_requests
  for each row execute function app_private.assign_booking_reference();

-- `select *` in the dashboard's view was expanded when the view was made: made again, it lists the
-- new column (appended last, which `create or replace` allows; the grants stay).
create or replace view dashboard.booking_requests as
  select * from public.booking_requests where (select public.is_admin());
