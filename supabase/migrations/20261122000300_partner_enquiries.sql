-- Enquiries from owners who want the company to let their property. Anyone may send one; only admins
-- read them.

create table public.partner_enquiries (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 120),
  email text not null check (length(email) between 3 and 254),
  phone text not null check (length(phone) between 5 and 30),
  -- The property: where, what kind, how many bedrooms.
  message text not null check (length(message) between 1 and 5000),
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index partner_enquiries_created_at on public.partner_enquiries (created_at desc);

alter table public.partner_enquiries enable row level security;

create policy "anyone may send a partner enquiry" on public.partner_enquiries
  for insert to anon, authenticated
  with check (deleted_at is null);

create policy "admins may read partner enquiries" on public.partner_enquiries
  for select to authenticated
  using ((select public.is_admin()));

create policy "admins may change partner enquiries" on public.partner_enquiries
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "admins may delete partner enquiries" on public.partner_enquiries
  for delete to authenticated
  using ((select public.is_admin()));

-- Column grants: an owner chooses what they send, never its time or deleted state.
grant insert (id, name, email, phone, message) on public.partner_enquiries to anon, authenticated;
grant select, update, delete on public.partner_enquiries to authenticated;
grant all on public.partner_enquiries to service_role;
