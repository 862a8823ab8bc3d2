-- iCal both ways. Other platforms' feeds the office adds per property (their events become blocks,
-- 20261124000400), and the secret link of each property's own feed.

create table public.property_calendar_feeds (
  id uuid primary key default gen_random_uuid(),
  property text not null check (property ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(property) <= 100),
  -- What the office calls it, and what the dashboard and the alerts say: "Blocked by Airbnb".
  label text not null check (length(label) between 1 and 60),
  -- The API checks the scheme and the address (SSRF); the database only that it is a URL's length.
  url text not null check (length(url) between 8 and 2000),
  created_at timestamptz not null default now(),
  -- The last import attempt, the last one that replaced the blocks, and why the last attempt failed
  -- (null after a success).
  last_tried_at timestamptz,
  last_synced_at timestamptz,
  last_error text check (length(last_error) <= 500),
  constraint property_calendar_feeds_one_url_per_property unique (property, url)
);

alter table public.property_blocks
  add constraint property_blocks_feed_fkey foreign key (feed_id)
  references public.property_calendar_feeds (id) on delete cascade;

alter table public.property_calendar_feeds enable row level security;

create policy "admins may read calendar feeds" on public.property_calendar_feeds
  for select to authenticated using ((select public.is_admin()));
create policy "admins may add calendar feeds" on public.property_calendar_feeds
  for insert to authenticated with check ((select public.is_admin()));
create policy "admins may remove calendar feeds" on public.property_calendar_feeds
  for delete to authenticated using ((select public.is_admin()));
create policy "the server may import calendar feeds" on public.property_calendar_feeds
  for all to service_role using (true) with check (true);

revoke all on public.property_calendar_feeds from anon, authenticated, service_role;
grant select, delete on public.property_calendar_feeds to authenticated;
grant insert (property, label, url) on public.property_calendar_feeds to authenticated;
grant select, insert, update, delete on public.property_calendar_feeds to service_role;

-- Each property's own feed is at /ical/<token>.ics. Only the SHA-256 of the token is kept: a copy of
-- this table opens no calendar. A new token replaces the old one (rotation), which stops working.
create table public.property_calendar_links (
  property text primary key check (property ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(property) <= 100),
  token_sha256 bytea not null unique check (length(token_sha256) = 32),
  created_at timestamptz not null default now()
);

alter table public.property_calendar_links enable row level security;

create policy "admins may read when calendar links were made" on public.property_calendar_links
  for select to authenticated using ((select public.is_admin()));
create policy "admins may make calendar links" on public.property_calendar_links
  for insert to authenticated with check ((select public.is_admin()));
create policy "admins may replace calendar links" on public.property_calendar_links
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "the server may read calendar links" on public.property_calendar_links
  for select to service_role using (true);

revoke all on public.property_calendar_links from anon, authenticated, service_role;
-- Admins may read the hash too: an upsert's conflict check needs it, and 256 random bits cannot be
-- found back from their SHA-256.
grant select, insert, update (token_sha256, created_at) on public.property_calendar_links to authenticated;
grant select on public.property_calendar_links to service_role;

-- The office's alert of a block that overlaps a stay confirmed here. The list is
-- src/server/email/delivery.ts's emailKinds; a test holds the two equal.
alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check check (
  kind in (
    'booking_office_notice', 'booking_guest_receipt', 'confirm_email', 'existing_account', 'no_account',
    'reset_password', 'booking_confirmed', 'booking_declined', 'booking_cancelled', 'contact_office_alert',
    'career_office_alert', 'partner_office_alert', 'balance_reminder', 'balance_overdue',
    'calendar_conflict_alert'
  )
);
