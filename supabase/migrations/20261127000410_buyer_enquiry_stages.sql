-- The office's sales pipeline: each buyer's enquiry moves through stages, New → Contacted → Viewing
-- arranged → Offer → Sold, or to Lost from any stage before Sold. The moves are
-- src/features/buyer-enquiry/sales-stage-contract.ts's; a test holds the two equal. A viewing arranged
-- has its date and time (an instant; the office reads it in India time, the buyer in theirs).

alter table public.buyer_enquiries
  add column stage text not null default 'new'
    check (stage in ('new', 'contacted', 'viewing-arranged', 'offer', 'sold', 'lost')),
  add column stage_changed_at timestamptz,
  add column viewing_at timestamptz,
  add constraint buyer_enquiries_viewing_arranged_has_its_time check (
    stage <> 'viewing-arranged' or viewing_at is not null
  );

-- The list's filter by stage, for rows in use.
create index buyer_enquiries_stage on public.buyer_enquiries (stage, created_at desc) where deleted_at is null;

-- A visitor's enquiry starts at `new`: they may not choose a stage.
drop policy "anyone may send a buyer enquiry" on public.buyer_enquiries;
create policy "anyone may send a buyer enquiry" on public.buyer_enquiries
  for insert to anon, authenticated
  with check (deleted_at is null and read_at is null and stage = 'new');

-- An admin moves the stage and sets the viewing's time; never what the buyer sent.
grant update (stage, viewing_at) on public.buyer_enquiries to authenticated;

create function app_private.allow_only_sales_stage_moves() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.stage is distinct from old.stage then
    if not (
      (old.stage = 'new' and new.stage in ('contacted', 'viewing-arranged', 'lost'))
      or (old.stage = 'contacted' and new.stage in ('viewing-arranged', 'offer', 'lost'))
      or (old.stage = 'viewing-arranged' and new.stage in ('offer', 'lost'))
      or (old.stage = 'offer' and new.stage in ('sold', 'lost'))
    ) then
      raise exception 'A buyer enquiry cannot go from % to %', old.stage, new.stage
        using errcode = 'check_violation', constraint = 'buyer_enquiries_stage_transition',
              hint = 'new → contacted, viewing-arranged or lost; contacted → viewing-arranged, offer or lost; viewing-arranged → offer or lost; offer → sold or lost.';
    end if;
    new.stage_changed_at := now();
  end if;
  return new;
end
$$;

create trigger buyer_enquiries_stage_moves_forward
  before update on public.buyer_enquiries
  for each row execute function app_private.allow_only_sales_stage_moves();

-- The audit log records buyers' enquiries as the other collections: a stage move as a status change,
-- a trash, a restore and a purge.
alter table public.admin_audit_log drop constraint admin_audit_log_collection_check;
alter table public.admin_audit_log add constraint admin_audit_log_collection_check check (
  collection in ('booking_requests', 'career_applications', 'contact_messages', 'partner_enquiries', 'buyer_enquiries')
);

-- The same function, reading a buyer enquiry's stage where other rows have a status.
create or replace function app_private.record_admin_change() returns trigger
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
  old_status text := coalesce(pg_catalog.to_jsonb(old) ->> 'status', pg_catalog.to_jsonb(old) ->> 'stage');
  new_status text;
begin
  if tg_op = 'DELETE' then
    insert into public.admin_audit_log
      (collection, row_id, action, old_status, actor_id, actor_email, actor_role)
    values (tg_table_name, old.id, 'purged', old_status, actor_id, actor_email, actor_role);
    return old;
  end if;

  new_status := coalesce(pg_catalog.to_jsonb(new) ->> 'status', pg_catalog.to_jsonb(new) ->> 'stage');
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

create trigger buyer_enquiries_changes_are_recorded
  after update on public.buyer_enquiries
  for each row
  when (old.stage is distinct from new.stage or old.deleted_at is distinct from new.deleted_at)
  execute function app_private.record_admin_change();
create trigger buyer_enquiries_removals_are_recorded
  after delete on public.buyer_enquiries
  for each row execute function app_private.record_admin_change();

-- Search: the same concatenation as src/server/buyer-enquiries/buyer-enquiry-collection.ts searches.
create index buyer_enquiries_search on public.buyer_enquiries using gin (
  (name || ' ' || email || ' ' || phone || ' ' || country || ' ' || property || ' ' || coalesce(message, ''))
  extensions.gin_trgm_ops
);

-- The dashboard reads lists through its views (20261122000700).
create view dashboard.buyer_enquiries as
  select * from public.buyer_enquiries where (select public.is_admin());
revoke all on dashboard.buyer_enquiries from public, anon, authenticated, service_role;
grant select on dashboard.buyer_enquiries to authenticated;

-- The trash keeps buyers' enquiries as long as every other row.
create or replace function app_private.purge_trash(retention interval default interval '30 days')
returns table (purged_from text, purged_rows bigint)
language plpgsql
set search_path = ''
as $$
begin
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
    ), buyers as (
      delete from public.buyer_enquiries where deleted_at < now() - retention returning 1
    )
    select 'booking_requests', (select count(*) from bookings)
    union all select 'career_applications', (select count(*) from careers)
    union all select 'contact_messages', (select count(*) from contact)
    union all select 'partner_enquiries', (select count(*) from partners)
    union all select 'buyer_enquiries', (select count(*) from buyers);
end
$$;
revoke execute on function app_private.purge_trash(interval) from public;
grant execute on function app_private.purge_trash(interval) to service_role;
