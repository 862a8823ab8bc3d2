-- The office's alerts of form posts held for a digest. Past FORM_OFFICE_ALERTS_PER_HOUR emails of one
-- form in an hour, a post is still stored and answered as ever, but its alert waits here, written in
-- the post's transaction, until the email worker lists every held alert of that form in one email
-- (src/server/forms/office-alert-digest.ts) and deletes them in the transaction that queues it: each
-- held alert is listed in exactly one digest, however many workers overlap.
create table app_private.held_office_alerts (
  -- In the order the posts were held, which breaks ties of received_at.
  id bigint generated always as identity primary key,
  -- The form's name in its contract: contact, careers, partner.
  form text not null check (length(form) between 1 and 100),
  -- The stored post (a row of that form's table); the digest lists who sent it, the dashboard has it.
  item_id uuid not null,
  name text not null check (length(name) between 1 and 500),
  email text not null check (length(email) between 3 and 254),
  -- What the alert's subject would add after the name (a career application's position), if anything.
  about text check (length(about) <= 500),
  received_at timestamptz not null
);
-- A form's held alerts, oldest first.
create index held_office_alerts_form on app_private.held_office_alerts (form, received_at, id);

alter table app_private.held_office_alerts enable row level security;
create policy "the server may read the alerts it holds" on app_private.held_office_alerts
  for select to service_role using (true);
create policy "the server may hold an alert for the digest" on app_private.held_office_alerts
  for insert to service_role with check (true);
create policy "the server may let go of the alerts a digest lists" on app_private.held_office_alerts
  for delete to service_role using (true);
grant select, insert, delete on app_private.held_office_alerts to service_role;
