-- Browsers an account has signed in on with its password. Wrong passwords from anywhere else can lock
-- an account's sign-in for a while; its owner, on a browser listed here, is counted apart and gets in.
-- The cookie holds the token; only its SHA-256 hash is kept, so a copy of this table trusts no browser.
-- The same on Supabase: the sign-in endpoint counts failures itself, whichever auth checks the password.
create table app_private.trusted_devices (
  token_hash text primary key,
  -- The lower-cased email address, as the sign-in form names the account.
  account text not null check (length(account) between 3 and 254),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index trusted_devices_account on app_private.trusted_devices (account);

alter table app_private.trusted_devices enable row level security;
create policy "only the server manages trusted devices" on app_private.trusted_devices
  for all to service_role using (true) with check (true);
grant select, insert, update, delete on app_private.trusted_devices to service_role;
