-- The admin role as Supabase Auth holds it now (auth.users.raw_app_meta_data), for the server to check on
-- every admin request rather than trust an access token's claims for up to an hour after a demotion.
-- service_role may not read auth.users on Supabase; this function, owned by the migrating role, reads
-- one user's role and nothing else. On other databases auth.users does not exist and it answers null.
create or replace function app_private.supabase_account_role(user_id uuid) returns text
language plpgsql stable security definer
set search_path = ''
as $$
begin
  if to_regclass('auth.users') is null then
    return null;
  end if;
  return (select u.raw_app_meta_data ->> 'role' from auth.users u where u.id = user_id);
end
$$;
revoke execute on function app_private.supabase_account_role(uuid) from public;
grant execute on function app_private.supabase_account_role(uuid) to service_role;
