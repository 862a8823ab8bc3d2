-- A write of a home's sale status that failed (GitHub refused or was down, the disk would not take the
-- file) is kept too, so the enquiry's history says the office tried and nothing changed, and why.
-- Nothing was half-written: a commit through GitHub's contents API lands whole or not at all, and the
-- working copy's file is replaced by a rename (src/server/content/).

alter table public.sale_status_writes
  add column outcome text not null default 'written' check (outcome in ('written', 'failed')),
  -- What the writer said, in the office's words (no token, no stack).
  add column failure text check (length(failure) between 1 and 500),
  alter column old_status drop not null,
  add constraint sale_status_writes_failures_say_why check (
    (outcome = 'written' and old_status is not null and failure is null)
    or (outcome = 'failed' and failure is not null and revision is null)
  );

grant insert (outcome, failure) on public.sale_status_writes to authenticated;

alter table public.admin_audit_log drop constraint admin_audit_log_action_check;
alter table public.admin_audit_log add constraint admin_audit_log_action_check check (
  action in (
    'status_changed', 'deleted', 'restored', 'purged', 'payment_recorded', 'payment_deleted', 'note_added',
    'refund_requested', 'refund_settled', 'sale_status_written', 'sale_status_write_failed'
  )
);

-- As 20261201000600's, with a failed write recorded as what it was.
create or replace function app_private.record_sale_status_written() returns trigger
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
    case new.outcome when 'failed' then 'sale_status_write_failed' else 'sale_status_written' end,
    pg_catalog.jsonb_build_object(
      'kind', new.property_kind, 'property', new.property,
      'from', new.old_status, 'to', new.new_status, 'revision', new.revision
    ) || case when new.failure is null then '{}'::jsonb
              else pg_catalog.jsonb_build_object('failure', new.failure) end,
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
