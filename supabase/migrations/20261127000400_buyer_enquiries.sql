-- Buyers' enquiries: "Arrange a viewing" and "Ask about buying" on a home or project for sale. Anyone
-- may send one; only admins read and change them. A viewing carries two or three preferred slots,
-- stored as instants (timestamptz) with the buyer's own time zone, so the office reads them in India
-- time and the buyer's emails in theirs. The lists below are src/features/buyer-enquiry/
-- buyer-enquiry-contract.ts's; a test holds the two equal.

create table public.buyer_enquiries (
  id uuid primary key default gen_random_uuid(),
  -- Given by the trigger below, e.g. KB-2026-483920.
  reference text not null,
  -- The content file's slug and its collection (villas, apartments, projects).
  property text not null check (property ~ '^[a-z0-9-]{1,100}$'),
  property_kind text not null check (property_kind in ('villas', 'apartments', 'projects')),
  intent text not null check (intent in ('viewing', 'buying')),
  name text not null check (length(name) between 1 and 120),
  email text not null check (length(email) between 3 and 254),
  phone text not null check (length(phone) between 5 and 30),
  country text not null check (length(country) between 2 and 60),
  budget text not null check (length(budget) between 1 and 60),
  home_loan boolean not null,
  paying_from_abroad boolean not null,
  viewing_mode text check (viewing_mode in ('in-person', 'video')),
  viewing_slots timestamptz[],
  -- IANA name, e.g. Asia/Dubai: where the buyer reads the slots.
  time_zone text not null check (length(time_zone) between 1 and 64),
  message text check (length(message) <= 2000),
  created_at timestamptz not null default now(),
  read_at timestamptz,
  deleted_at timestamptz,
  constraint buyer_enquiries_reference_format check (reference ~ '^KB-[0-9]{4}-[0-9]{6}$'),
  constraint buyer_enquiries_reference_unique unique (reference),
  -- A viewing has its mode and two or three slots; a question about buying has neither.
  constraint buyer_enquiries_viewing_has_slots check (
    case intent
      when 'viewing' then viewing_mode is not null
        and cardinality(viewing_slots) between 2 and 3
        and array_position(viewing_slots, null) is null
      else viewing_mode is null and viewing_slots is null
    end
  )
);

create index buyer_enquiries_listed on public.buyer_enquiries (created_at desc, id desc)
  where deleted_at is null;
create index buyer_enquiries_trashed on public.buyer_enquiries (created_at desc, id desc)
  where deleted_at is not null;
create index buyer_enquiries_unread on public.buyer_enquiries (created_at desc, id desc)
  where read_at is null and deleted_at is null;

alter table public.buyer_enquiries enable row level security;

create policy "anyone may send a buyer enquiry" on public.buyer_enquiries
  for insert to anon, authenticated
  with check (deleted_at is null and read_at is null);

create policy "admins may read buyer enquiries" on public.buyer_enquiries
  for select to authenticated
  using ((select public.is_admin()));

create policy "admins may change buyer enquiries" on public.buyer_enquiries
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins may delete buyer enquiries" on public.buyer_enquiries
  for delete to authenticated
  using ((select public.is_admin()));

-- A visitor chooses what they ask, never the reference, time or read and deleted state. (The default
-- privileges give API roles every column of a new table; 20261122000800 says why they are taken back.)
revoke all on public.buyer_enquiries from anon, authenticated;
grant insert (
  id, property, property_kind, intent, name, email, phone, country, budget, home_loan,
  paying_from_abroad, viewing_mode, viewing_slots, time_zone, message
) on public.buyer_enquiries to anon, authenticated;
grant select, delete on public.buyer_enquiries to authenticated;
grant update (read_at, deleted_at) on public.buyer_enquiries to authenticated;
grant all on public.buyer_enquiries to service_role;

-- References as booking references are made (20261125000500): a counter per Kerala year, put through
-- the keyed permutation, so a reference tells nobody how many enquiries came before it.
create table app_private.buyer_enquiry_reference_counters (
  year integer primary key check (year between 2000 and 9999),
  last_number integer not null check (last_number >= 1)
);
alter table app_private.buyer_enquiry_reference_counters enable row level security;
revoke all on app_private.buyer_enquiry_reference_counters from public, anon, authenticated, service_role;

create function app_private.assign_buyer_enquiry_reference() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  enquiry_year integer;
  enquiry_count integer;
begin
  if tg_op = 'UPDATE' then
    if new.reference is distinct from old.reference then
      raise exception 'A buyer enquiry reference never changes'
        using errcode = 'check_violation', constraint = 'buyer_enquiries_reference_kept';
    end if;
    return new;
  end if;
  enquiry_year := extract(year from new.created_at at time zone 'Asia/Kolkata')::integer;
  insert into app_private.buyer_enquiry_reference_counters as counter (year, last_number)
  values (enquiry_year, 1)
  on conflict on constraint buyer_enquiry_reference_counters_pkey
  do update set last_number = counter.last_number + 1
  returning counter.last_number into enquiry_count;
  new.reference := 'KB-' || enquiry_year || '-' || app_private.scramble_reference_number(enquiry_count);
  return new;
end
$$;
revoke execute on function app_private.assign_buyer_enquiry_reference() from public;

create trigger buyer_enquiries_get_a_reference
  before insert or update on public.buyer_enquiries
  for each row execute function app_private.assign_buyer_enquiry_reference();

-- The buyer's receipt and the office's alert. The list is src/server/email/delivery.ts's emailKinds.
alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check check (
  kind in (
    'booking_office_notice', 'booking_guest_receipt', 'confirm_email', 'existing_account', 'no_account',
    'reset_password', 'booking_confirmed', 'booking_declined', 'booking_cancelled', 'contact_office_alert',
    'career_office_alert', 'partner_office_alert', 'balance_reminder', 'balance_overdue',
    'calendar_conflict_alert', 'payment_receipt', 'cancellation_refund', 'refund_office_alert',
    'buyer_enquiry_office_alert', 'buyer_enquiry_receipt'
  )
);
