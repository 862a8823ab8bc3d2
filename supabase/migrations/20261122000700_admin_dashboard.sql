-- The office dashboard (DESIGN §7, §8): search over each collection's text on the server, keyset
-- paging that stays as fast on page 500 as on page 1, what is new to the office, a record of every
-- status change, delete, restore and purge that no API role can edit, and the purge of the trash.

-- pg_trgm lets a GIN index answer `ILIKE '%term%'`. In `extensions`, like btree_gist.
create schema if not exists extensions;
create extension if not exists pg_trgm with schema extensions;

-- What is new to the office: a booking request while its status is `new`; a form row until an admin
-- first opens it. Admins may set it (the form tables' update policies already allow admins only).
alter table public.contact_messages add column read_at timestamptz;
alter table public.career_applications add column read_at timestamptz;
alter table public.partner_enquiries add column read_at timestamptz;
grant update (read_at) on public.contact_messages, public.career_applications, public.partner_enquiries
  to authenticated;

-- Search. Each index is on the same concatenation that src/server/admin/collections.ts searches with
-- ILIKE: only an identical expression lets the planner use the index. `||` rather than concat_ws,
-- which is not immutable and so cannot be indexed.
create index contact_messages_search on public.contact_messages using gin (
  (name || ' ' || email || ' ' || phone || ' ' || message) extensions.gin_trgm_ops
);
create index partner_enquiries_search on public.partner_enquiries using gin (
  (name || ' ' || email || ' ' || phone || ' ' || message) extensions.gin_trgm_ops
);
create index career_applications_search on public.career_applications using gin (
  (name || ' ' || email || ' ' || phone || ' ' || qualification || ' ' || position || ' ' || coalesce(cover_note, ''))
  extensions.gin_trgm_ops
);
create index booking_requests_search on public.booking_requests using gin (
  (name || ' ' || email || ' ' || phone || ' ' || city || ' ' || property || ' ' || coalesce(message, ''))
  extensions.gin_trgm_ops
);

-- Keyset paging: a page continues after the last (created_at, id) it showed, so these indexes hand
-- out any page by a seek, never by counting past the rows before it (OFFSET). The listed rows and the
-- trash are separate partial indexes; the trash stays small. They replace the created_at indexes.
drop index public.contact_messages_created_at;
drop index public.career_applications_created_at;
drop index public.partner_enquiries_created_at;
drop index public.booking_requests_created_at;

create index contact_messages_listed on public.contact_messages (created_at desc, id desc)
  where deleted_at is null;
create index contact_messages_trashed on public.contact_messages (created_at desc, id desc)
  where deleted_at is not null;
-- The count of unread rows the dashboard polls for.
create index contact_messages_unread on public.contact_messages (created_at desc, id desc)
  where read_at is null and deleted_at is null;

create index partner_enquiries_listed on public.partner_enquiries (created_at desc, id desc)
  where deleted_at is null;
create index partner_enquiries_trashed on public.partner_enquiries (created_at desc, id desc)
  where deleted_at is not null;
create index partner_enquiries_unread on public.partner_enquiries (created_at desc, id desc)
  where read_at is null and deleted_at is null;

create index career_applications_listed on public.career_applications (created_at desc, id desc)
  where deleted_at is null;
create index career_applications_trashed on public.career_applications (created_at desc, id desc)
  where deleted_at is not null;
create index career_applications_unread on public.career_applications (created_at desc, id desc)
  where read_at is null and deleted_at is null;
create index career_applications_position_listed on public.career_applications (position, created_at desc, id desc)
  where deleted_at is null;

create index booking_requests_listed on public.booking_requests (created_at desc, id desc)
  where deleted_at is null;
create index booking_requests_trashed on public.booking_requests (created_at desc, id desc)
  where deleted_at is not null;
-- Also counts the new requests (status = 'new').
create index booking_requests_status_listed on public.booking_requests (status, created_at desc, id desc)
  where deleted_at is null;
create index booking_requests_property_listed on public.booking_requests (property, created_at desc, id desc)
  where deleted_at is null;
create index booking_requests_arrival_listed on public.booking_requests (arrival, id)
  where deleted_at is null;

-- The dashboard's lists read the tables through these views, because RLS would make the search slow:
-- a policy's quals run before any condition whose operator is not leakproof, so under RLS `ILIKE`
-- cannot use the trigram index and a search scans the whole table (300–700 ms at 100,000 rows on a
-- 2-core machine). A view runs as its owner, to whom RLS does not apply, so the planner may use every
-- index; the view itself admits admins only, checking public.is_admin() on the caller's own claims,
-- as the policies do. Non-admins get no rows (and anon no access at all). Lists only: reading one row
-- by id, and every change, still go to the tables under RLS. The schema is not one Supabase's Data
-- API exposes, and nothing but these views lives in it. `select *` is expanded when a view is made:
-- a migration adding a column the dashboard lists must recreate the view.
create schema dashboard;
grant usage on schema dashboard to authenticated;

create view dashboard.booking_requests as
  select * from public.booking_requests where (select public.is_admin());
create view dashboard.career_applications as
  select * from public.career_applications where (select public.is_admin());
create view dashboard.contact_messages as
  select * from public.contact_messages where (select public.is_admin());
create view dashboard.partner_enquiries as
  select * from public.partner_enquiries where (select public.is_admin());

revoke all on dashboard.booking_requests, dashboard.career_applications, dashboard.contact_messages,
  dashboard.partner_enquiries from public, anon, authenticated, service_role;
grant select on dashboard.booking_requests, dashboard.career_applications, dashboard.contact_messages,
  dashboard.partner_enquiries to authenticated;

-- Who changed what, and when. Written only by the triggers below, which run as the table owner, so a
-- change made through any route (our API, Supabase's Data API, SQL as service_role) is recorded and
-- no API role can add, alter or remove an entry.
create table public.admin_audit_log (
  id bigint generated always as identity primary key,
  -- The table the row lives (or lived) in.
  collection text not null check (
    collection in ('booking_requests', 'career_applications', 'contact_messages', 'partner_enquiries')
  ),
  row_id uuid not null,
  -- `purged` is any removal for good: the scheduled purge of the trash, or a delete in SQL.
  action text not null check (action in ('status_changed', 'deleted', 'restored', 'purged')),
  -- Booking requests only.
  old_status text,
  new_status text,
  -- From the transaction's JWT claims (auth.jwt()): the admin's uid and email; null for the server.
  actor_id uuid,
  actor_email text,
  -- The claims' role (authenticated, service_role), or the database user when there were no claims.
  actor_role text not null,
  created_at timestamptz not null default now()
);
-- A row's history on its detail page, and the newest entries first.
create index admin_audit_log_row on public.admin_audit_log (row_id, created_at);
create index admin_audit_log_created_at on public.admin_audit_log (created_at desc);

alter table public.admin_audit_log enable row level security;

create policy "admins may read the audit log" on public.admin_audit_log
  for select to authenticated
  using ((select public.is_admin()));

-- No insert, update or delete policy, and no such grant: only the triggers write. The revoke also
-- removes what Supabase's default privileges grant on new tables (truncate included, which RLS does
-- not cover).
revoke all on public.admin_audit_log from anon, authenticated, service_role;
grant select on public.admin_audit_log to authenticated, service_role;

create function app_private.record_admin_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  claims jsonb := auth.jwt();
  actor_id uuid := case
    when claims ->> 'sub' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then (claims ->> 'sub')::uuid
  end;
  actor_email text := nullif(claims ->> 'email', '');
  actor_role text := coalesce(nullif(claims ->> 'role', ''), session_user::text);
  old_status text := pg_catalog.to_jsonb(old) ->> 'status';
  new_status text;
begin
  if tg_op = 'DELETE' then
    insert into public.admin_audit_log
      (collection, row_id, action, old_status, actor_id, actor_email, actor_role)
    values (tg_table_name, old.id, 'purged', old_status, actor_id, actor_email, actor_role);
    return old;
  end if;

  new_status := pg_catalog.to_jsonb(new) ->> 'status';
  if new_status is distinct from old_status then
    insert into public.admin_audit_log
      (collection, row_id, action, old_status, new_status, actor_id, actor_email, actor_role)
    values (tg_table_name, new.id, 'status_changed', old_status, new_status, actor_id, actor_email, actor_role);
  end if;
  if old.deleted_at is null and new.deleted_at is not null then
    insert into public.admin_audit_log (collection, row_id, action, old_status, actor_id, actor_email, actor_role)
    values (tg_table_name, new.id, 'deleted', new_status, actor_id, actor_email, actor_role);
  elsif old.deleted_at is not null and new.deleted_at is null then
    insert into public.admin_audit_log (collection, row_id, action, old_status, actor_id, actor_email, actor_role)
    values (tg_table_name, new.id, 'restored', new_status, actor_id, actor_email, actor_role);
  end if;
  return new;
end
$$;
revoke execute on function app_private.record_admin_change() from public;

-- After the row is written, so only what really happened is recorded (a refused move records nothing).
create trigger booking_requests_changes_are_recorded
  after update on public.booking_requests
  for each row
  when (old.status is distinct from new.status or old.deleted_at is distinct from new.deleted_at)
  execute function app_private.record_admin_change();
create trigger booking_requests_removals_are_recorded
  after delete on public.booking_requests
  for each row execute function app_private.record_admin_change();

create trigger contact_messages_changes_are_recorded
  after update on public.contact_messages
  for each row when (old.deleted_at is distinct from new.deleted_at)
  execute function app_private.record_admin_change();
create trigger contact_messages_removals_are_recorded
  after delete on public.contact_messages
  for each row execute function app_private.record_admin_change();

create trigger career_applications_changes_are_recorded
  after update on public.career_applications
  for each row when (old.deleted_at is distinct from new.deleted_at)
  execute function app_private.record_admin_change();
create trigger career_applications_removals_are_recorded
  after delete on public.career_applications
  for each row execute function app_private.record_admin_change();

create trigger partner_enquiries_changes_are_recorded
  after update on public.partner_enquiries
  for each row when (old.deleted_at is distinct from new.deleted_at)
  execute function app_private.record_admin_change();
create trigger partner_enquiries_removals_are_recorded
  after delete on public.partner_enquiries
  for each row execute function app_private.record_admin_change();

-- Removes for good what has been in the trash longer than `retention` (30 days unless told otherwise),
-- and answers how many rows left each table. Each removal is recorded by the triggers above. Only the
-- server may run it: the Netlify scheduled function and `npm run trash:purge` call it as service_role.
create function app_private.purge_trash(retention interval default interval '30 days')
returns table (purged_from text, purged_rows bigint)
language plpgsql
set search_path = ''
as $$
begin
  -- A slip such as '30 seconds' would empty the trash that Restore promises to keep.
  if retention < interval '1 day' then
    raise exception 'The trash is kept at least a day, not %', retention
      using errcode = 'invalid_parameter_value';
  end if;
  return query
    with contact as (
      delete from public.contact_messages where deleted_at < now() - retention returning 1
    ), careers as (
      delete from public.career_applications where deleted_at < now() - retention returning 1
    ), partners as (
      delete from public.partner_enquiries where deleted_at < now() - retention returning 1
    ), bookings as (
      delete from public.booking_requests where deleted_at < now() - retention returning 1
    )
    select 'booking_requests', (select count(*) from bookings)
    union all select 'career_applications', (select count(*) from careers)
    union all select 'contact_messages', (select count(*) from contact)
    union all select 'partner_enquiries', (select count(*) from partners);
end
$$;
revoke execute on function app_private.purge_trash(interval) from public;
grant execute on function app_private.purge_trash(interval) to service_role;
