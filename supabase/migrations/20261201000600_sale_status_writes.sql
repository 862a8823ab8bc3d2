-- A home's sale status written into the content from a buyer's enquiry (the office marks it under
-- offer or sold from the dashboard; src/server/buyer-enquiries/sale-status-service.ts): one row per
-- write that changed the content, by the admin in whose name it was made, and the enquiry's history
-- records it like every other change an admin makes (action sale_status_written).

create table public.sale_status_writes (
  id uuid primary key default gen_random_uuid(),
  buyer_enquiry_id uuid not null references public.buyer_enquiries (id) on delete cascade,
  -- The home's content file: src/content/{property_kind}/{property}.md.
  property_kind text not null check (property_kind in ('villas', 'apartments', 'projects')),
  property text not null,
  old_status text not null check (old_status in ('available', 'under-offer', 'sold', 'not-for-sale')),
  new_status text not null check (new_status in ('available', 'under-offer', 'sold', 'not-for-sale')),
  -- The commit that carried it (on GitHub); null for a write to the local working copy.
  revision text check (revision ~ '^[0-9a-f]{40}$'),
  written_by uuid not null default auth.uid(),
  created_at timestamptz not null default now()
);
create index sale_status_writes_enquiry on public.sale_status_writes (buyer_enquiry_id, created_at);

alter table public.sale_status_writes enable row level security;

create policy "admins may read the sale statuses written" on public.sale_status_writes
  for select to authenticated
  using ((select public.is_admin()));

create policy "admins may record a sale status written in their own name" on public.sale_status_writes
  for insert to authenticated
  with check ((select public.is_admin()) and written_by = (select auth.uid()));

revoke all on public.sale_status_writes from anon, authenticated, service_role;
grant select on public.sale_status_writes to authenticated;
grant insert (buyer_enquiry_id, property_kind, property, old_status, new_status, revision)
  on public.sale_status_writes to authenticated;

alter table public.admin_audit_log drop constraint admin_audit_log_action_check;
alter table public.admin_audit_log add constraint admin_audit_log_action_check check (
  action in (
    'status_changed', 'deleted', 'restored', 'purged', 'payment_recorded', 'payment_deleted', 'note_added',
    'refund_requested', 'refund_settled', 'sale_status_written'
  )
);

create function app_private.record_sale_status_written() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  claims jsonb := auth.jwt();
begin
  insert into public.admin_audit_log
    (collection, row_id, action, details, actor_id, actor_email, actor_role)
  values (
    'buyer_enquiries',
    new.buyer_enquiry_id,
    'sale_status_written',
    pg_catalog.jsonb_build_object(
      'kind', new.property_kind, 'property', new.property,
      'from', new.old_status, 'to', new.new_status, 'revision', new.revision
    ),
    case
      when claims ->> 'sub' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then (claims ->> 'sub')::uuid
    end,
    nullif(claims ->> 'email', ''),
    coalesce(nullif(claims ->> 'role', ''), session_user::text)
  );
  return new;
end
$$;
revoke execute on function app_private.record_sale_status_written() from public;

create trigger sale_status_writes_are_recorded
  after insert on public.sale_status_writes
  for each row execute function app_private.record_sale_status_written();
