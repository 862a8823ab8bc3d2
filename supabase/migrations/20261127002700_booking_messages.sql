-- Messages on a booking: the conversation between its guest and the office. The office's notes
-- (booking_notes) stay a table of their own, which guests never read. A message is never edited or
-- removed through the API; the one thing that changes is read_at, set once by the side it was
-- written to, which is what both sides' unread counts are.

create table public.booking_messages (
  id uuid primary key default gen_random_uuid(),
  booking_request_id uuid not null references public.booking_requests (id) on delete cascade,
  -- Who wrote it: the booking's guest or the office. The list is messageAuthors in
  -- src/features/booking/booking-message-contract.ts; a test holds the two equal.
  author text not null check (author in ('guest', 'office')),
  -- The account that wrote it, from the session's claims.
  author_id uuid not null default auth.uid(),
  -- Several lines allowed, no other control characters; the limit is messageMaxLength in the contract.
  body text not null check (
    length(btrim(body)) between 1 and 2000
    and body !~ E'[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]'
  ),
  created_at timestamptz not null default now(),
  -- When the other side first read it; null while it is unread.
  read_at timestamptz
);
create index booking_messages_booking_request on public.booking_messages (booking_request_id, created_at);
create index booking_messages_unread on public.booking_messages (booking_request_id, author) where read_at is null;

alter table public.booking_messages enable row level security;

create policy "guests may read the messages of their own bookings and admins every message" on public.booking_messages
  for select to authenticated
  using (
    (select public.is_admin())
    or exists (
      select 1 from public.booking_requests request
      where request.id = booking_request_id and request.user_id = (select auth.uid())
        and request.deleted_at is null
    )
  );

create policy "guests may write on their own bookings and admins as the office, each in their own name" on public.booking_messages
  for insert to authenticated
  with check (
    author_id = (select auth.uid())
    and (
      (author = 'office' and (select public.is_admin()))
      or (
        author = 'guest'
        and exists (
          select 1 from public.booking_requests request
          where request.id = booking_request_id and request.user_id = (select auth.uid())
            and request.deleted_at is null
        )
      )
    )
  );

create policy "each side may mark read what the other side wrote to it" on public.booking_messages
  for update to authenticated
  using (
    (author = 'guest' and (select public.is_admin()))
    or (
      author = 'office'
      and exists (
        select 1 from public.booking_requests request
        where request.id = booking_request_id and request.user_id = (select auth.uid())
          and request.deleted_at is null
      )
    )
  )
  with check (read_at is not null);

revoke all on public.booking_messages from anon, authenticated, service_role;
grant select on public.booking_messages to authenticated;
grant insert (booking_request_id, author, author_id, body) on public.booking_messages to authenticated;
grant update (read_at) on public.booking_messages to authenticated;

-- A message's words and author never change, and once read it stays read.
create function app_private.keep_messages_as_written() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.booking_request_id is distinct from old.booking_request_id
     or new.author is distinct from old.author
     or new.author_id is distinct from old.author_id
     or new.body is distinct from old.body
     or new.created_at is distinct from old.created_at
     or old.read_at is not null then
    raise exception 'A message stays as written; only its first reading is recorded'
      using errcode = 'check_violation', constraint = 'booking_messages_kept_as_written';
  end if;
  return new;
end
$$;

create trigger booking_messages_stay_as_written
  before update on public.booking_messages
  for each row execute function app_private.keep_messages_as_written();

-- Each side's email about a new message: a link, never the words. The list is
-- src/server/email/delivery.ts's emailKinds.
alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check check (
  kind in (
    'booking_office_notice', 'booking_guest_receipt', 'confirm_email', 'existing_account', 'no_account',
    'reset_password', 'booking_confirmed', 'booking_declined', 'booking_cancelled', 'contact_office_alert',
    'career_office_alert', 'partner_office_alert', 'balance_reminder', 'balance_overdue',
    'calendar_conflict_alert', 'payment_receipt', 'cancellation_refund', 'refund_office_alert',
    'buyer_enquiry_office_alert', 'buyer_enquiry_receipt', 'message_to_office', 'message_to_guest'
  )
);
