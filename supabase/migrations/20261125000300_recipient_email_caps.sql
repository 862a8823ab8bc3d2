-- Emails that anyone can make the site send to any address (a sign-up's confirmation, "you already have
-- an account", a password reset or its "no account" reply), counted per mailbox so the site cannot be
-- aimed at a stranger's inbox. One row per mailbox mailed in the last day; src/server/email/recipient-caps.ts
-- claims a slot with one upsert that checks the caps on the row it locks, so concurrent requests
-- never send past a cap.
create table app_private.recipient_email_caps (
  -- The normalised address (lower case, no plus tag, Gmail without dots): the inbox the email reaches.
  mailbox text primary key check (length(mailbox) between 3 and 254),
  -- When each counted email of the last day was queued, oldest first.
  sent_at timestamptz[] not null default '{}',
  -- For notices that go once a day ("you already have an account"): kind → when it last went.
  notices jsonb not null default '{}',
  -- Emails held back by a cap, and the last time one was: what an operator looks at to see abuse.
  capped integer not null default 0,
  last_capped_at timestamptz,
  -- Rows untouched for a day count nothing any more, and are swept.
  touched_at timestamptz not null default now()
);
create index recipient_email_caps_touched on app_private.recipient_email_caps (touched_at);

alter table app_private.recipient_email_caps enable row level security;
create policy "the server may read the mailboxes' counts" on app_private.recipient_email_caps
  for select to service_role using (true);
create policy "the server may start counting a mailbox" on app_private.recipient_email_caps
  for insert to service_role with check (true);
create policy "the server may count emails to a mailbox" on app_private.recipient_email_caps
  for update to service_role using (true) with check (true);
create policy "the server may sweep mailboxes it no longer counts" on app_private.recipient_email_caps
  for delete to service_role using (true);
grant select, insert, update, delete on app_private.recipient_email_caps to service_role;
