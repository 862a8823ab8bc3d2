-- Notes on a booking: what the office writes down about a stay (a late arrival, a cot, a call). Only
-- admins read and add them; a note is never edited or removed through the API, and adding one is
-- recorded in the audit log like every other change an admin makes (action note_added, added to the
-- log's list by 20261124000300).

create table public.booking_notes (
  id uuid primary key default gen_random_uuid(),
  booking_request_id uuid not null references public.booking_requests (id) on delete cascade,
  -- Several lines allowed; the limit is noteMaxLength in src/features/admin/ledger-contract.ts.
  body text not null check (length(btrim(body)) between 1 and 2000),
  -- The admin who wrote it, from the session's claims.
  author_id uuid not null default auth.uid(),
  author_email text,
  created_at timestamptz not null default now()
);
create index booking_notes_booking_request on public.booking_notes (booking_request_id, created_at);

alter table public.booking_notes enable row level security;

create policy "admins may read notes on bookings" on public.booking_notes
  for select to authenticated
  using ((select public.is_admin()));

create policy "admins may add notes in their own name" on public.booking_notes
  for insert to authenticated
  with check ((select public.is_admin()) and author_id = (select auth.uid()));

revoke all on public.booking_notes from anon, authenticated, service_role;
grant select on public.booking_notes to authenticated;
grant insert (booking_request_id, body, author_id, author_email) on public.booking_notes to authenticated;

create function app_private.record_note_added() returns trigger
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
    'booking_requests',
    new.booking_request_id,
    'note_added',
    pg_catalog.jsonb_build_object('noteId', new.id),
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
revoke execute on function app_private.record_note_added() from public;

create trigger booking_notes_are_recorded
  after insert on public.booking_notes
  for each row execute function app_private.record_note_added();
