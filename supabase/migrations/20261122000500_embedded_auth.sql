-- Accounts for the embedded auth, used when Supabase is not configured (the embedded database or any
-- PostgreSQL from DATABASE_URL). On Supabase, Supabase Auth keeps accounts in its own `auth` schema and
-- these tables stay empty. Only the server (service_role) touches them; no API role can read a hash.

create table app_private.users (
  id uuid primary key default gen_random_uuid(),
  email text not null check (length(email) between 3 and 254),
  name text not null check (length(name) between 1 and 120),
  -- scrypt$<log2 N>$<r>$<p>$<salt>$<key>, so the cost can rise later without breaking old hashes.
  password_hash text not null,
  -- Set only by the server and by `npm run admin:create`; the claims' app_metadata comes from here.
  app_metadata jsonb not null default '{}'::jsonb,
  email_confirmed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One account per address, whatever its letter case.
create unique index users_email_unique on app_private.users (lower(email));

-- A sign-in. Logout ends it; its access tokens name it (session_id) and stop working with it.
create table app_private.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references app_private.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  ended_at timestamptz
);
create index sessions_user_id on app_private.sessions (user_id);

-- Refresh tokens are stored as SHA-256 hashes: a copy of this table signs nobody in. Each is used once;
-- using it replaces it (rotation).
create table app_private.refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references app_private.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index refresh_tokens_session_id on app_private.refresh_tokens (session_id);

-- Links sent by email (confirm the address, reset the password): hashed, single use, expiring.
create table app_private.email_tokens (
  token_hash text primary key,
  user_id uuid not null references app_private.users (id) on delete cascade,
  purpose text not null check (purpose in ('confirm_email', 'reset_password')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index email_tokens_user_id on app_private.email_tokens (user_id);

-- The key that signs access tokens when AUTH_JWT_SECRET is not set: made once by the server, kept
-- with the data so sessions survive a restart.
create table app_private.auth_signing_keys (
  id boolean primary key default true check (id),
  secret text not null check (length(secret) >= 32)
);

do $$
declare
  name text;
begin
  foreach name in array array['users', 'sessions', 'refresh_tokens', 'email_tokens', 'auth_signing_keys'] loop
    execute format('alter table app_private.%I enable row level security', name);
    execute format(
      'create policy "only the server manages embedded accounts" on app_private.%I for all to service_role using (true) with check (true)',
      name
    );
    execute format('grant select, insert, update, delete on app_private.%I to service_role', name);
  end loop;
end
$$;
