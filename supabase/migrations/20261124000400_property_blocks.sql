-- Blocks: nights of a property taken elsewhere (another platform's iCal feed, 20261124000410). The
-- database refuses a confirmed stay that overlaps a confirmed stay (booking_requests' exclusion
-- constraint) or a block (the trigger below).
--
-- Why a trigger under the per-property lock, and not one occupancy table with one exclusion
-- constraint: a block that overlaps a stay already confirmed here is a real double booking made on the
-- other platform. The office must see it, so the import has to keep it, and one exclusion constraint
-- over stays and blocks would refuse it. The rule we can enforce is therefore one-sided (a confirmation
-- never lands on a block), and that needs a trigger. Triggers alone race: two transactions that each
-- check before the other commits both pass. So every writer of a property's calendar takes the same
-- transaction-scoped advisory lock the confirmation trigger of 20261122000400 takes, and checks after
-- it: in READ COMMITTED each statement of a volatile function reads a fresh snapshot, so a check made
-- after the lock sees whatever the previous holder committed. tests/api/property-blocks.test.ts races
-- confirmations against imports to prove it.

create table public.property_blocks (
  id uuid primary key default gen_random_uuid(),
  -- A villa or apartment slug, shaped like booking_requests.property.
  property text not null check (property ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(property) <= 100),
  -- Half-open like a stay: [first night, the day the nights end). DTEND of an all-day event is exclusive.
  stay daterange not null check (
    not isempty(stay) and lower_inc(stay) and not upper_inc(stay)
    and not lower_inf(stay) and not upper_inf(stay)
  ),
  -- The feed it came from (20261124000410 adds the foreign key) and the event's UID there.
  feed_id uuid not null,
  uid text not null check (length(uid) between 1 and 1000),
  summary text check (length(summary) <= 500),
  imported_at timestamptz not null default now(),
  -- When the office was told that this block overlaps a stay confirmed here; null while it has not
  -- been (or there is nothing to tell). The importer keeps a row it sees again, so this is once.
  office_alerted_at timestamptz
);
-- Availability, search and the confirmation trigger look blocks up by property and nights.
create index property_blocks_property_stay on public.property_blocks using gist (property, stay);
create index property_blocks_feed on public.property_blocks (feed_id);

-- Same lock as app_private.confirm_one_stay_of_a_property_at_a_time, so a block written while a
-- confirmation of the same property is in flight waits for it and then sees it.
create function app_private.write_blocks_of_a_property_in_turn() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtextextended('public.booking_requests.property:' || new.property, 0)
  );
  return new;
end
$$;

create trigger property_blocks_take_turns_with_confirmations
  before insert or update on public.property_blocks
  for each row execute function app_private.write_blocks_of_a_property_in_turn();

-- A stay becoming confirmed (or restored, or moved) must not share a night with a block. Checked only
-- when one of those changes, so a stay confirmed before a conflicting block arrived can still be
-- cancelled or moved to the trash. Security definer: the rule holds whoever the caller is and whatever
-- RLS lets them read. Raised as an exclusion violation (23P01) under its own constraint name, so the
-- API can say "a block" where the exclusion constraint says "a confirmed stay".
create function app_private.refuse_confirmed_stays_over_blocks() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  found_block record;
begin
  if new.status <> 'confirmed' or new.deleted_at is not null then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.status = 'confirmed' and old.deleted_at is null
     and old.property = new.property and old.arrival = new.arrival and old.departure = new.departure then
    return new;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtextextended('public.booking_requests.property:' || new.property, 0)
  );
  select b.id, b.stay, b.summary into found_block
  from public.property_blocks b
  where b.property = new.property and b.stay operator(pg_catalog.&&) pg_catalog.daterange(new.arrival, new.departure, '[)')
  limit 1;
  if found then
    raise exception 'The stay % to % of % overlaps a block imported from another calendar (%)',
        new.arrival, new.departure, new.property, found_block.stay
      using errcode = 'exclusion_violation', constraint = 'booking_requests_confirmed_stays_avoid_blocks';
  end if;
  return new;
end
$$;
revoke all on function app_private.refuse_confirmed_stays_over_blocks() from public;

create trigger booking_requests_confirmed_stays_avoid_blocks
  before insert or update on public.booking_requests
  for each row execute function app_private.refuse_confirmed_stays_over_blocks();

alter table public.property_blocks enable row level security;

-- Blocks are written by the importer only (service_role); admins read them for the dashboard.
create policy "admins may read blocks" on public.property_blocks
  for select to authenticated
  using ((select public.is_admin()));

create policy "the server may import blocks" on public.property_blocks
  for all to service_role using (true) with check (true);

revoke all on public.property_blocks from anon, authenticated, service_role;
grant select on public.property_blocks to authenticated;
grant select, insert, update, delete on public.property_blocks to service_role;
