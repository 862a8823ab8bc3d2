-- Booking references stop counting: KV-2027-0042 told a guest that 41 requests came before theirs that
-- year, and two requests a week apart told them how many came between. A new reference is still short,
-- readable and in the same format (`KV-` year `-` digits, bookingReferencePattern), but its number is six
-- digits that follow no order: the year's counter (kept, so numbers stay unique under concurrent
-- inserts with no retry) is put through a keyed permutation of 100000–999999, so distinct counts give
-- distinct numbers and nobody without the key can tell one count from another.
--
-- The permutation is a four-round Feistel network over 0–999999 (two halves of three digits, each
-- round adding md5(key, round, other half) mod 1000), walked again while the result is 900000 or more
-- so it stays a permutation of 0–899999, then shifted to six digits. md5 serves as the round function
-- only to scatter; the secrecy is the key's, 128 random bits made here and readable by no API role.
-- References given before this migration keep their four digits: a reference never changes, and
-- six-digit numbers cannot meet them.

create table app_private.booking_reference_key (
  only_row boolean primary key default true check (only_row),
  secret text not null
);
alter table app_private.booking_reference_key enable row level security;
revoke all on app_private.booking_reference_key from public, anon, authenticated, service_role;
insert into app_private.booking_reference_key (secret)
values (pg_catalog.replace(pg_catalog.gen_random_uuid()::text, '-', ''));

create function app_private.scramble_reference_number(count integer) returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  key text := (select secret from app_private.booking_reference_key);
  value integer := count;
  left_half integer;
  right_half integer;
  next_half integer;
begin
  if count < 0 or count >= 900000 then
    raise exception 'No booking reference is left for count % this year', count
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
revoke execute on function app_private.scramble_reference_number(integer) from public;

create or replace function app_private.assign_booking_reference() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  request_year integer;
  request_count integer;
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
  returning counter.last_number into request_count;
  new.reference := 'KV-' || request_year || '-' || app_private.scramble_reference_number(request_count);
  return new;
end
$$;
revoke execute on function app_private.assign_booking_reference() from public;
