-- Instant book: a guest books free nights of a property marked `instantBook` and pays the deposit at
-- once. The booking is stored `held`, its nights held until `held_until` (30 minutes) while the guest
-- is on the provider's page; paying confirms it with no office step, and a hold not paid in time
-- becomes `expired`. A hold is a status of the booking rather than a row of its own table (see
-- docs/decisions.md, "A hold is a booking that waits for its deposit"): the exclusion constraint then
-- counts it as it counts a confirmed stay, and paying turns it into one by an update of the same row,
-- which can never find its own nights taken.
--
-- A constraint cannot read the clock, so a hold past `held_until` still sits in the constraint's index
-- until something releases it. Two things do: the reconciliation job (expireLapsedHolds), and the
-- trigger below, which releases the lapsed holds a stay is about to overlap before the constraint
-- looks. Readers never wait for either: every query of taken nights counts a hold only while
-- `held_until` is in the future (takenStays in src/server/booking/booking-repository.ts).

alter table public.booking_requests add column held_until timestamptz;

-- The list is bookingStatuses in src/features/booking/booking-contract.ts; a test holds the two equal.
alter table public.booking_requests drop constraint booking_requests_status_check;
alter table public.booking_requests add constraint booking_requests_status_check
  check (status in ('new', 'confirmed', 'declined', 'cancelled', 'withdrawn', 'held', 'expired'));
alter table public.booking_requests add constraint booking_requests_holds_have_an_end
  check (status <> 'held' or held_until is not null);

-- As 20261122000400's, with held stays among the rows kept apart.
alter table public.booking_requests drop constraint booking_requests_confirmed_stays_do_not_overlap;
alter table public.booking_requests add constraint booking_requests_confirmed_stays_do_not_overlap
  exclude using gist (property with =, daterange(arrival, departure, '[)') with &&)
  where (status in ('confirmed', 'held') and deleted_at is null);

-- As 20261130000100's, with a hold's moves: held → confirmed (paid, or confirmed by the office) or
-- expired (not paid in time); expired → confirmed (paid late, while its nights were still free).
create or replace function app_private.allow_only_forward_status_changes() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    if old.deleted_at is not null then
      raise exception 'A deleted booking request cannot change status; restore it first'
        using errcode = 'check_violation', constraint = 'booking_requests_status_transition';
    end if;
    if not ((old.status = 'new' and new.status in ('confirmed', 'declined', 'withdrawn'))
            or (old.status = 'confirmed' and new.status = 'cancelled')
            or (old.status = 'held' and new.status in ('confirmed', 'expired'))
            or (old.status = 'expired' and new.status = 'confirmed')) then
      raise exception 'A booking request cannot go from % to %', old.status, new.status
        using errcode = 'check_violation', constraint = 'booking_requests_status_transition',
              hint = 'new may become confirmed, declined or withdrawn; confirmed may become cancelled; held may become confirmed or expired; expired may become confirmed.';
    end if;
    new.status_changed_at := now();
  end if;
  return new;
end
$$;

-- As 20261122000400's: a hold takes its turn with confirmations of the same property.
create or replace function app_private.confirm_one_stay_of_a_property_at_a_time() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status in ('confirmed', 'held') and new.deleted_at is null then
    perform pg_catalog.pg_advisory_xact_lock(
      pg_catalog.hashtextextended('public.booking_requests.property:' || new.property, 0)
    );
  end if;
  return new;
end
$$;

-- As 20261124000400's: a hold never lands on a block either. A hold becoming confirmed keeps its
-- nights, which were checked when it was made.
create or replace function app_private.refuse_confirmed_stays_over_blocks() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  found_block record;
begin
  if new.status not in ('confirmed', 'held') or new.deleted_at is not null then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.status in ('confirmed', 'held') and old.deleted_at is null
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

-- A stay about to hold nights first releases the lapsed holds it overlaps, so a hold whose time is up
-- never refuses anyone, job or no job. It runs after booking_requests_confirmations_take_turns (triggers
-- fire in name order), under the per-property lock, so no hold is paid and released at once: paying
-- takes the same lock. Security definer: a guest's or an admin's write releases holds they cannot update.
create function app_private.release_lapsed_holds_in_the_way() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status in ('confirmed', 'held') and new.deleted_at is null then
    update public.booking_requests held set status = 'expired'
    where held.property = new.property and held.status = 'held' and held.deleted_at is null
      and held.held_until <= pg_catalog.now() and held.id <> new.id
      and pg_catalog.daterange(held.arrival, held.departure, '[)')
          operator(pg_catalog.&&) pg_catalog.daterange(new.arrival, new.departure, '[)');
  end if;
  return new;
end
$$;
revoke all on function app_private.release_lapsed_holds_in_the_way() from public;

create trigger booking_requests_holds_lapse_before_stays_overlap
  before insert or update on public.booking_requests
  for each row execute function app_private.release_lapsed_holds_in_the_way();

-- The reconciliation job finds the holds to release by their end.
create index booking_requests_held_until on public.booking_requests (held_until) where status = 'held';

