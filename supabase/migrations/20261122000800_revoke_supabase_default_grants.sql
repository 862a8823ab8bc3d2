-- Supabase's default privileges grant ALL on every new table in `public` to anon and authenticated, so
-- the column grants of the earlier migrations restricted nothing there: only RLS stood between a
-- visitor and, say, setting their own message's created_at, or an admin rewriting a guest's name.
-- Column grants only bite once the table-level grants are gone, so each table's are revoked here and
-- granted again exactly. (The prelude gives plain PostgreSQL the same default privileges, so the tests
-- see what Supabase does.)

revoke all on public.contact_messages, public.career_applications, public.partner_enquiries,
  public.booking_requests from anon, authenticated;

-- Visitors send a form's fields, never its id's time, read or deleted state.
grant insert (id, name, email, phone, message) on public.contact_messages to anon, authenticated;
grant insert (id, name, email, phone, qualification, position, cover_note)
  on public.career_applications to anon, authenticated;
grant insert (id, name, email, phone, message) on public.partner_enquiries to anon, authenticated;

-- Admins (RLS decides who that is) read, mark read, move to and from the trash, and purge; they never
-- rewrite what a guest sent. Booking requests are inserted by the server only (20261122000600).
grant select, delete on public.contact_messages, public.career_applications, public.partner_enquiries,
  public.booking_requests to authenticated;
grant update (read_at, deleted_at) on public.contact_messages, public.career_applications,
  public.partner_enquiries to authenticated;
grant update (status, deleted_at) on public.booking_requests to authenticated;
