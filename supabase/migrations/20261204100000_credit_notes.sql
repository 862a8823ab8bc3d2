-- Every refund that reaches the guest has a credit note of its own, as every payment has a receipt
-- (20261202000600): `CN/2627/000042`, the 42nd credit note of the Indian financial year April 2026 to
-- March 2027 (CGST Rules, r. 53: a consecutive serial number of at most 16 characters, unique for a
-- financial year). The number is given once, when the refund becomes refunded (back with the guest,
-- through the provider or by the office's hand), under the year's counter row lock: no two refunds get
-- one number, and since it rolls back with the settlement that asked for it, none is skipped. A pending
-- or owed refund has none; it never changes once given.

create table app_private.credit_note_counters (
  financial_year text primary key check (financial_year ~ '^[0-9]{4}$'),
  last_number integer not null check (last_number between 1 and 999999)
);
alter table app_private.credit_note_counters enable row level security;
revoke all on app_private.credit_note_counters from public, anon, authenticated, service_role;

alter table public.payment_refunds
  add column credit_note_number text,
  add constraint payment_refunds_credit_note_format check (credit_note_number ~ '^CN/[0-9]{4}/[0-9]{6}$'),
  add constraint payment_refunds_credit_note_unique unique (credit_note_number),
  add constraint payment_refunds_credit_note_when_refunded check (credit_note_number is null or status = 'refunded');

-- Refunds already back with their guests keep no number: their guests were sent no credit note, and a
-- number given now would name a document nobody holds.

create function app_private.number_credit_notes() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  year text;
  next_number integer;
begin
  if new.status <> 'refunded' or new.credit_note_number is not null then
    return new;
  end if;
  if tg_op = 'UPDATE' and old.credit_note_number is not null then
    new.credit_note_number := old.credit_note_number;
    return new;
  end if;
  year := app_private.financial_year_of((coalesce(new.settled_at, now()) at time zone 'Asia/Kolkata')::date);
  insert into app_private.credit_note_counters as counter (financial_year, last_number)
  values (year, 1)
  on conflict (financial_year) do update set last_number = counter.last_number + 1
  returning counter.last_number into next_number;
  new.credit_note_number := 'CN/' || year || '/' || pg_catalog.lpad(next_number::text, 6, '0');
  return new;
end
$$;
revoke execute on function app_private.number_credit_notes() from public;

-- Before the settlement's own check (triggers fire by name): a refused change rolls its number back.
create trigger payment_refunds_are_numbered
  before insert or update of status on public.payment_refunds
  for each row execute function app_private.number_credit_notes();

grant select (credit_note_number) on public.payment_refunds to authenticated;

-- The guest's email of a refund that reached them, with its credit note. Appended to whatever kinds
-- the outbox allows when this runs, as 20261203005010 does; the list is emailKinds in
-- src/server/email/delivery.ts, and a test holds the two equal.
do $$
declare
  definition text;
begin
  select pg_get_constraintdef(oid) into definition from pg_constraint
  where conname = 'email_outbox_kind_check' and conrelid = 'public.email_outbox'::regclass;
  alter table public.email_outbox drop constraint email_outbox_kind_check;
  execute format(
    'alter table public.email_outbox add constraint email_outbox_kind_check %s',
    regexp_replace(definition, '::text\]', '::text, ''refund_credit_note''::text]')
  );
end
$$;
