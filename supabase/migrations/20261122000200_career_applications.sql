-- Applications sent from the careers page. Anyone may apply; only admins read them.

create table public.career_applications (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 120),
  email text not null check (length(email) between 3 and 254),
  phone text not null check (length(phone) between 5 and 30),
  qualification text not null check (length(qualification) between 1 and 200),
  -- A job category id from src/content/jobs.json. The API checks it against the current list; the
  -- database only checks its shape, so an editor adding a category needs no migration.
  position text not null check (position ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(position) <= 60),
  cover_note text check (length(cover_note) between 1 and 3000),
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index career_applications_created_at on public.career_applications (created_at desc);

alter table public.career_applications enable row level security;

create policy "anyone may apply for a position" on public.career_applications
  for insert to anon, authenticated
  with check (deleted_at is null);

create policy "admins may read career applications" on public.career_applications
  for select to authenticated
  using ((select public.is_admin()));

create policy "admins may change career applications" on public.career_applications
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins may delete career applications" on public.career_applications
  for delete to authenticated
  using ((select public.is_admin()));

-- Column grants: an applicant chooses what they send, never its time or deleted state.
grant insert (id, name, email, phone, qualification, position, cover_note)
  on public.career_applications to anon, authenticated;
grant select, update, delete on public.career_applications to authenticated;
grant all on public.career_applications to service_role;
