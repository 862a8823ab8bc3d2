-- Buyers' enquiry references of their own. 20261127000400 put the enquiries' yearly counter through the
-- bookings' keyed permutation with the bookings' key, so the n-th enquiry of a year carried the n-th
-- booking's six digits: anyone filing enquiries read off the year's booking references in order.
-- From here an enquiry's number comes from the same permutation under a key of its own domain (the
-- round function hashes the domain with the secret), so it says nothing about any booking, and a
-- booking's nothing about any enquiry. Bookings keep their permutation: their references never change,
-- and neither does how new ones are made.
--
-- References already given are kept (a reference never changes). A count's new number could meet one
-- of them, which the old permutation gave another count: the trigger then takes the next count, so no
-- insert ever fails on the unique reference.

-- The permutation of 20261125000500 with a domain: null gives the bookings' own numbers, exactly as
-- before, and the one-argument function below is now that, so the permutation is written once.
create function app_private.scramble_reference_number(count integer, domain text) returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  key text := (select secret from app_private.booking_reference_key) || coalesce(':' || domain, '');
  value integer := count;
  left_half integer;
  right_half integer;
  next_half integer;
begin
  if count < 0 or count >= 900000 then
    raise exception 'No % reference is left for count % this year', coalesce(domain, 'booking'), count
      using errcode = 'numeric_value_out_of_range';
  end if;
  loop
    left_half := value / 1000;
    right_half := value % 1000;
    for round in 1..4 loop
      next_half := (left_half + (('x' || pg_catalog.substr(
        pg_catalog.md5(key || ':' || round || ':' || right_half), 1, 8))::bit(32)::bigint % 1000)::integer) % 1000;
      left_half := right_half;
      right_half := next_half;
    end loop;
    value := left_half * 1000 + right_half;
    exit when value < 900000;
  end loop;
  return value + 100000;
end
$$;
revoke execute on function app_private.scramble_reference_number(integer, text) from public;

create or replace function app_private.scramble_reference_number(count integer) returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select app_private.scramble_reference_number(count, null)
$$;

create or replace function app_private.assign_buyer_enquiry_reference() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  enquiry_year integer;
  enquiry_count integer;
  candidate text;
begin
  if tg_op = 'UPDATE' then
    if new.reference is distinct from old.reference then
      raise exception 'A buyer enquiry reference never changes'
        using errcode = 'check_violation', constraint = 'buyer_enquiries_reference_kept';
    end if;
    return new;
  end if;
  enquiry_year := extract(year from new.created_at at time zone 'Asia/Kolkata')::integer;
  loop
    insert into app_private.buyer_enquiry_reference_counters as counter (year, last_number)
    values (enquiry_year, 1)
    on conflict on constraint buyer_enquiry_reference_counters_pkey
    do update set last_number = counter.last_number + 1
    returning counter.last_number into enquiry_count;
    candidate := 'KB-' || enquiry_year || '-'
      || app_private.scramble_reference_number(enquiry_count, 'buyer-enquiry');
    -- Only a reference given before this migration can be met: every later one is this permutation's.
    exit when not exists (select 1 from public.buyer_enquiries enquiry where enquiry.reference = candidate);
  end loop;
  new.reference := candidate;
  return new;
end
$$;
revoke execute on function app_private.assign_buyer_enquiry_reference() from public;
