-- Every payment's receipt has a number of its own, stored when the payment is recorded: `KVR/2627/000042`,
-- the 42nd receipt of the Indian financial year April 2026 to March 2027 (CGST Rules, r. 46(b): a
-- consecutive serial number of at most 16 characters, letters, digits, hyphens or slashes, unique for a
-- financial year). Receipts used to be numbered by their place in the booking's ledger, made afresh
-- each time one was asked for: removing a wrong entry renumbered every receipt after it, so two receipts
-- a guest had been sent could carry one number. A number is given once, under the year's counter row
-- lock (no two payments get one number, none is skipped), and never changes: a payment the office
-- removes takes its number with it into the audit log.

create table app_private.receipt_counters (
  -- The financial year as four digits of its two calendar years: 2627 for April 2026 to March 2027.
  financial_year text primary key check (financial_year ~ '^[0-9]{4}$'),
  last_number integer not null check (last_number between 1 and 999999)
);
alter table app_private.receipt_counters enable row level security;
revoke all on app_private.receipt_counters from public, anon, authenticated, service_role;

-- The financial year a day falls in, as its four digits.
create function app_private.financial_year_of(day date) returns text
language sql immutable
set search_path = ''
as $$
  select case when extract(month from day) >= 4
    then pg_catalog.lpad((extract(year from day)::integer % 100)::text, 2, '0')
         || pg_catalog.lpad(((extract(year from day)::integer + 1) % 100)::text, 2, '0')
    else pg_catalog.lpad(((extract(year from day)::integer - 1) % 100)::text, 2, '0')
         || pg_catalog.lpad((extract(year from day)::integer % 100)::text, 2, '0')
  end
$$;

alter table public.payments add column receipt_number text;

-- The payments recorded before: numbered in the order they were recorded, year by year (the once
-- only edit of a payment: the trigger that refuses edits is off for this statement alone).
alter table public.payments disable trigger payments_are_not_edited;
with numbered as (
  select id, app_private.financial_year_of(received_on) as year,
    row_number() over (partition by app_private.financial_year_of(received_on) order by created_at, id) as n
  from public.payments
)
update public.payments payment
set receipt_number = 'KVR/' || numbered.year || '/' || pg_catalog.lpad(numbered.n::text, 6, '0')
from numbered where numbered.id = payment.id;
alter table public.payments enable trigger payments_are_not_edited;
insert into app_private.receipt_counters (financial_year, last_number)
select app_private.financial_year_of(received_on), count(*) from public.payments
group by app_private.financial_year_of(received_on);

alter table public.payments
  alter column receipt_number set not null,
  add constraint payments_receipt_number_format check (receipt_number ~ '^KVR/[0-9]{4}/[0-9]{6}$'),
  add constraint payments_receipt_number_unique unique (receipt_number);

create function app_private.number_receipts() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  year text := app_private.financial_year_of(new.received_on);
  next_number integer;
begin
  insert into app_private.receipt_counters as counter (financial_year, last_number)
  values (year, 1)
  on conflict (financial_year) do update set last_number = counter.last_number + 1
  returning counter.last_number into next_number;
  new.receipt_number := 'KVR/' || year || '/' || pg_catalog.lpad(next_number::text, 6, '0');
  return new;
end
$$;
revoke execute on function app_private.number_receipts() from public;

-- Before the ledger's own checks run (triggers fire by name): a refused payment rolls its number back
-- with it, so no number is lost to a refusal.
create trigger payments_are_numbered
  before insert on public.payments
  for each row execute function app_private.number_receipts();

-- A guest's receipt names its number, and the office's view shows it (select * again, as 20261202000500).
grant select (receipt_number) on public.payments to authenticated;
create or replace view dashboard.payments as
  select * from public.payments where (select public.is_admin());
