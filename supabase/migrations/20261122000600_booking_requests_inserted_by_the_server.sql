-- Only the server stores booking requests, because a request carries its price.
--
-- On Supabase the Data API exposes public.booking_requests to every signed-in user directly, so the
-- insert policy and column grants of 20261122000400 let a guest skip our API and insert a request with
-- a quote they made up (a week at the Kovalam villa for a penny). The booking service is now the only
-- writer: it verifies the session, validates the request, checks the stay rules and prices the stay
-- with src/lib/pricing.ts, then inserts as service_role (which bypasses RLS, on Supabase and in
-- supabase/prelude.sql alike), taking user_id from the verified session only.
--
-- Guests still read their own requests as `authenticated`, through the select policy of 20261122000400.

drop policy "guests may send booking requests for themselves" on public.booking_requests;

-- A table-level revoke also removes the column-level insert grants, and whatever Supabase's default
-- privileges granted on the table: with no grant and no policy, a guest's insert fails twice over.
revoke insert on public.booking_requests from authenticated, anon;
