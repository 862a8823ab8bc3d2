-- Every email the site sends is first a row here, written in the transaction of the row it is about
-- (a booking request, an account's emailed link), so a mail server that is down delays an email but
-- never loses it, and a request that fails sends nothing. A worker sends what is due and retries with
-- a growing delay (src/server/email/delivery.ts): `npm start` runs it every few seconds, a Netlify
-- scheduled function every minute in production.

create table public.email_outbox (
  id uuid primary key default gen_random_uuid(),
  -- What the email is; the list is src/server/email/delivery.ts's emailKinds.
  kind text not null check (
    kind in ('booking_office_notice', 'booking_guest_receipt', 'confirm_email', 'existing_account', 'no_account', 'reset_password')
  ),
  -- The booking request a notice or receipt is about; it goes when the request is purged for good.
  booking_request_id uuid references public.booking_requests (id) on delete cascade,
  recipient text not null check (length(recipient) between 3 and 254),
  reply_to text check (length(reply_to) between 3 and 254),
  subject text not null check (length(subject) between 1 and 998),
  -- Plain text. Emptied (null) once an email carrying a sign-in secret (confirm, reset) is sent or has
  -- failed for good, so a copy of this table holds no working link: email_tokens keeps only hashes.
  body text,
  -- The list is src/lib/email-statuses.ts.
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  -- Attempts started. A worker counts one as it claims the email, so an email whose sending kills the
  -- worker still reaches `failed` instead of being tried forever.
  attempts integer not null default 0 check (attempts >= 0),
  -- When a worker may next try it. A claim moves it forward by a lease, so a second worker leaves the
  -- email alone while the first sends it, and takes it up again if the first died mid-send.
  next_attempt_at timestamptz not null default now(),
  last_error text check (length(last_error) <= 2000),
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  constraint email_outbox_sent_when_sent_at check ((status = 'sent') = (sent_at is not null)),
  constraint email_outbox_body_until_done check (status <> 'pending' or body is not null)
);
-- What the worker looks for, oldest due first; sent and failed rows are not in it.
create index email_outbox_due on public.email_outbox (next_attempt_at) where status = 'pending';
-- The emails on a booking request's detail page.
create index email_outbox_booking_request on public.email_outbox (booking_request_id, created_at)
  where booking_request_id is not null;

alter table public.email_outbox enable row level security;

create policy "the server may queue, send and retry emails" on public.email_outbox
  for all to service_role using (true) with check (true);

-- Only the emails about booking requests: an account email's recipient is nothing the office needs.
create policy "admins may read the delivery of emails about booking requests" on public.email_outbox
  for select to authenticated
  using (booking_request_id is not null and (select public.is_admin()));

-- The revoke removes what Supabase's default privileges grant on new tables (20261122000800). Admins
-- read how delivery went, never the text: the columns below leave out body.
revoke all on public.email_outbox from anon, authenticated, service_role;
grant select, insert, update, delete on public.email_outbox to service_role;
grant select (id, kind, booking_request_id, recipient, subject, status, attempts, next_attempt_at, last_error,
  sent_at, created_at) on public.email_outbox to authenticated;
