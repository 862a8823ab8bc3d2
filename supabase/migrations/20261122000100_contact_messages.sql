-- Messages sent from the contact page. Anyone may send one; only admins read them.

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 120),
  email text not null check (length(email) between 3 and 254),
  phone text not null check (length(phone) between 5 and 30),
  message text not null check (length(message) between 1 and 5000),
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index contact_messages_created_at on public.contact_messages (created_at desc);

alter table public.contact_messages enable row level security;

create policy "anyone may send a contact message" on public.contact_messages
  for insert to anon, authenticated
  with check (deleted_at is null);

create policy "admins may read contact messages" on public.contact_messages
  for select to authenticated
  using ((select public.is_admin()));

create policy "admins may change contact messages" on public.contact_messages
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins may delete contact messages" on public.contact_messages
  for delete to authenticated
  using ((select public.is_admin()));

-- Column grants: a visitor chooses the message, never its id, time or deleted state.
grant insert (id, name, email, phone, message) on public.contact_messages to anon, authenticated;
grant select, update, delete on public.contact_messages to authenticated;
grant all on public.contact_messages to service_role;
