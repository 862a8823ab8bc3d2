-- The browser an account was registered on, so that the confirmation link opened there can sign the
-- guest in (one tap from the email back to their booking) while the same link opened anywhere else only
-- confirms the address after a press of its button. Registering sets an HttpOnly cookie holding a random
-- secret; only its SHA-256 hash is kept here, with the address registered, so a copy of this table signs
-- nobody in. A row lasts as long as the link (24 hours); the link itself works once.
create table app_private.registering_browsers (
  secret_hash text primary key,
  -- The lower-cased email address registered on the browser.
  account text not null check (length(account) between 3 and 254),
  expires_at timestamptz not null
);

alter table app_private.registering_browsers enable row level security;
create policy "only the server manages registering browsers" on app_private.registering_browsers
  for all to service_role using (true) with check (true);
grant select, insert, delete on app_private.registering_browsers to service_role;
