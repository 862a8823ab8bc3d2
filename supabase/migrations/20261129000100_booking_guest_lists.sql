-- Who is coming on a booking: its guest lists every guest (names, children's ages) and the arrival
-- time, and for each foreign national what Form C needs (Foreigners Act s. 7: passport, nationality,
-- visa, arrival in India, where from and where next). The list is encrypted by the server
-- (AES-256-GCM, src/server/booking/guests/guest-details-cipher.ts) under a key from the environment
-- that the database never holds: a dump of this table, or a role that reads it, gets ciphertext.
-- Nobody but the server reads or writes it: the guest's own page and the office's views decrypt
-- through it, and every office read of the details writes a row of `guest_list_reads`.

create table public.booking_guest_lists (
  booking_request_id uuid primary key references public.booking_requests (id) on delete cascade,
  -- When the party expects to reach the home, India time (HH:MM); not private.
  arrival_time text not null check (arrival_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  -- How many of the guests are foreign nationals, so the day's Form C export decrypts only lists
  -- that have some.
  foreign_guests integer not null check (foreign_guests between 0 and 30),
  -- base64 of the 12-byte IV, the 16-byte tag and the ciphertext of the whole list (names included),
  -- bound to this booking's id as additional data, so a ciphertext moved to another row fails.
  details text not null check (details ~ '^[A-Za-z0-9+/]+=*$' and length(details) between 40 and 200000),
  -- Which key sealed it (a short hash of the key, never the key), so keys can rotate.
  key_id text not null check (key_id ~ '^[0-9a-f]{8,64}$'),
  updated_at timestamptz not null default now(),
  -- The account that wrote it last: the booking's guest.
  updated_by uuid not null
);

-- Every time the office read a list's details decrypted: who, when, which booking, and why (the
-- booking's detail, or a day's Form C export as a page or a CSV). Kept after the list is deleted.
create table public.guest_list_reads (
  id bigint generated always as identity primary key,
  booking_request_id uuid not null references public.booking_requests (id) on delete cascade,
  admin_id uuid not null,
  admin_email text,
  purpose text not null check (purpose in ('booking_detail', 'form_c_page', 'form_c_csv')),
  -- The day a Form C export was for.
  export_day date,
  read_at timestamptz not null default now()
);
create index guest_list_reads_booking on public.guest_list_reads (booking_request_id, read_at);

alter table public.booking_guest_lists enable row level security;
alter table public.guest_list_reads enable row level security;

-- No policy for anon or authenticated, and no grant: not even an admin selects the lists (their
-- ciphertext is no use without the key, and a read the server does not make is a read not audited).
create policy "the server may read guest lists" on public.booking_guest_lists
  for select to service_role using (true);
create policy "the server may store guest lists" on public.booking_guest_lists
  for insert to service_role with check (true);
create policy "the server may replace guest lists" on public.booking_guest_lists
  for update to service_role using (true) with check (true);
create policy "the server may delete guest lists past their retention" on public.booking_guest_lists
  for delete to service_role using (true);

revoke all on public.booking_guest_lists from anon, authenticated, service_role;
grant select, insert, update, delete on public.booking_guest_lists to service_role;

create policy "admins may read who read guest details" on public.guest_list_reads
  for select to authenticated
  using ((select public.is_admin()));
create policy "the server may record a read of guest details" on public.guest_list_reads
  for insert to service_role with check (true);
create policy "the server may read who read guest details" on public.guest_list_reads
  for select to service_role using (true);

-- Appended only: no update or delete for anyone.
revoke all on public.guest_list_reads from anon, authenticated, service_role;
grant select on public.guest_list_reads to authenticated;
grant select, insert on public.guest_list_reads to service_role;
