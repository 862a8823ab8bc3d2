-- The arrival pack: per property, what a guest needs to get in and settle (the address and map pin,
-- the way from Kochi (COK) and Thiruvananthapuram (TRV) airports, the check-in steps, the caretaker's
-- phone, the Wi-Fi and the house manual). The office writes it in the dashboard; it never lives in the
-- content files or the static build. A guest reads it only for a booking of their own whose pack is
-- released: confirmed, not in the trash, and its deposit received or the office released it early.

create table public.arrival_packs (
  -- A property's slug from the content files (the service checks it names one).
  property text primary key check (property ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(property) <= 100),
  -- Several lines allowed in the long fields, no other control characters; single lines in the short
  -- ones. The limits are those of src/features/arrival-pack/arrival-pack-contract.ts.
  address text not null check (length(btrim(address)) between 1 and 500 and address !~ E'[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]'),
  latitude numeric(8, 6) not null check (latitude between -90 and 90),
  longitude numeric(9, 6) not null check (longitude between -180 and 180),
  directions_from_cok text not null check (length(btrim(directions_from_cok)) between 1 and 2000 and directions_from_cok !~ E'[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]'),
  directions_from_trv text not null check (length(btrim(directions_from_trv)) between 1 and 2000 and directions_from_trv !~ E'[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]'),
  check_in_steps text not null check (length(btrim(check_in_steps)) between 1 and 2000 and check_in_steps !~ E'[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]'),
  caretaker_phone text not null check (length(btrim(caretaker_phone)) between 1 and 30 and caretaker_phone !~ '[[:cntrl:]]'),
  wifi_name text not null check (length(btrim(wifi_name)) between 1 and 100 and wifi_name !~ '[[:cntrl:]]'),
  wifi_password text not null check (length(wifi_password) between 1 and 100 and wifi_password !~ '[[:cntrl:]]'),
  house_manual text not null check (length(btrim(house_manual)) between 1 and 5000 and house_manual !~ E'[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]'),
  updated_at timestamptz not null default now(),
  -- The admin who wrote it last, from the session's claims.
  updated_by uuid not null default auth.uid()
);

-- A booking whose pack the office released before the deposit came in.
create table public.arrival_pack_releases (
  booking_request_id uuid primary key references public.booking_requests (id) on delete cascade,
  released_by uuid not null default auth.uid(),
  released_by_email text,
  released_at timestamptz not null default now()
);

-- The email that carries a booking's pack a week before arrival, claimed once with its outbox row.
create table public.arrival_pack_emails (
  booking_request_id uuid primary key references public.booking_requests (id) on delete cascade,
  email_id uuid references public.email_outbox (id) on delete set null,
  queued_at timestamptz not null default now()
);

-- Whether a booking's pack is released: the one definition the policies and the services use. Security
-- definer, so it sees the payments and releases whoever asks; it answers a yes or no, nothing more.
create function public.arrival_pack_is_released(booking uuid) returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.booking_requests request
    where request.id = booking and request.status = 'confirmed' and request.deleted_at is null
      and (
        exists (select 1 from public.arrival_pack_releases release where release.booking_request_id = request.id)
        or (select coalesce(sum(payment.amount_pence), 0) from public.payments payment
            where payment.booking_request_id = request.id) >= request.deposit_pence
      )
  )
$$;
revoke execute on function public.arrival_pack_is_released(uuid) from public;
grant execute on function public.arrival_pack_is_released(uuid) to authenticated, service_role;

alter table public.arrival_packs enable row level security;
alter table public.arrival_pack_releases enable row level security;
alter table public.arrival_pack_emails enable row level security;

create policy "admins may read every pack and guests the pack of a home they hold a released booking of" on public.arrival_packs
  for select to authenticated
  using (
    (select public.is_admin())
    or exists (
      select 1 from public.booking_requests request
      where request.property = arrival_packs.property and request.user_id = (select auth.uid())
        and public.arrival_pack_is_released(request.id)
    )
  );

create policy "admins may write packs in their own name" on public.arrival_packs
  for insert to authenticated
  with check ((select public.is_admin()) and updated_by = (select auth.uid()));

create policy "admins may rewrite packs in their own name" on public.arrival_packs
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()) and updated_by = (select auth.uid()));

create policy "the server may read the packs it emails" on public.arrival_packs
  for select to service_role using (true);

revoke all on public.arrival_packs from anon, authenticated, service_role;
grant select, insert, update on public.arrival_packs to authenticated;
grant select on public.arrival_packs to service_role;

create policy "admins may read releases" on public.arrival_pack_releases
  for select to authenticated
  using ((select public.is_admin()));

create policy "admins may release a pack early in their own name" on public.arrival_pack_releases
  for insert to authenticated
  with check ((select public.is_admin()) and released_by = (select auth.uid()));

create policy "the server may read which packs were released early" on public.arrival_pack_releases
  for select to service_role using (true);

revoke all on public.arrival_pack_releases from anon, authenticated, service_role;
grant select, insert (booking_request_id, released_by, released_by_email) on public.arrival_pack_releases to authenticated;
grant select on public.arrival_pack_releases to service_role;

create policy "the server may claim and record the packs' emails" on public.arrival_pack_emails
  for all to service_role using (true) with check (true);

create policy "admins may read which packs were emailed" on public.arrival_pack_emails
  for select to authenticated
  using ((select public.is_admin()));

revoke all on public.arrival_pack_emails from anon, authenticated, service_role;
grant select, insert, update on public.arrival_pack_emails to service_role;
grant select on public.arrival_pack_emails to authenticated;

alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check check (
  kind in (
    'booking_office_notice', 'booking_guest_receipt', 'confirm_email', 'existing_account', 'no_account',
    'reset_password', 'booking_confirmed', 'booking_declined', 'booking_cancelled', 'contact_office_alert',
    'career_office_alert', 'partner_office_alert', 'balance_reminder', 'balance_overdue',
    'calendar_conflict_alert', 'payment_receipt', 'cancellation_refund', 'refund_office_alert',
    'buyer_enquiry_office_alert', 'buyer_enquiry_receipt', 'message_to_office', 'message_to_guest',
    'arrival_pack'
  )
);
