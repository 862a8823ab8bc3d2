-- The office marks a contact message, a partner enquiry or a career application answered (and back):
-- when, and which admin, taken from the transaction's JWT claims by a trigger, so nobody can answer
-- in another's name. An answered row no longer counts as awaiting the office. Admins change rows
-- through the existing "admins may change …" policies; the column grant adds answered_at alone.
alter table public.contact_messages
  add column answered_at timestamptz,
  add column answered_by uuid,
  add column answered_by_email text;
alter table public.partner_enquiries
  add column answered_at timestamptz,
  add column answered_by uuid,
  add column answered_by_email text;
alter table public.career_applications
  add column answered_at timestamptz,
  add column answered_by uuid,
  add column answered_by_email text;

grant update (answered_at) on public.contact_messages, public.partner_enquiries, public.career_applications
  to authenticated;

create function app_private.stamp_answered_by() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  claims jsonb := auth.jwt();
begin
  if new.answered_at is null then
    new.answered_by := null;
    new.answered_by_email := null;
  elsif old.answered_at is distinct from new.answered_at then
    new.answered_by := nullif(claims ->> 'sub', '')::uuid;
    new.answered_by_email := nullif(claims ->> 'email', '');
  end if;
  return new;
end;
$$;
revoke execute on function app_private.stamp_answered_by() from public;

create trigger contact_messages_answered_by_the_caller
  before update of answered_at on public.contact_messages
  for each row execute function app_private.stamp_answered_by();
create trigger partner_enquiries_answered_by_the_caller
  before update of answered_at on public.partner_enquiries
  for each row execute function app_private.stamp_answered_by();
create trigger career_applications_answered_by_the_caller
  before update of answered_at on public.career_applications
  for each row execute function app_private.stamp_answered_by();

-- `select *` was expanded when the views were made (20261122000700): again, to list the new columns.
create or replace view dashboard.contact_messages as
  select * from public.contact_messages where (select public.is_admin());
create or replace view dashboard.career_applications as
  select * from public.career_applications where (select public.is_admin());
create or replace view dashboard.partner_enquiries as
  select * from public.partner_enquiries where (select public.is_admin());
