-- Who a running hold was made from, so one connection cannot hold a home's calendar through many
-- accounts (src/server/booking/instant-book-service.ts counts them, and one account holds one stay at a
-- time, counted from booking_requests itself). A client is the limits' key (src/server/http/
-- client-key.ts: an IPv4 address, an IPv6 /64), kept only while its hold may still run: the service
-- sweeps rows whose hold was paid, lapsed or deleted before it counts. Readable by no API role but the
-- server's.
create table app_private.hold_clients (
  booking_request_id uuid primary key references public.booking_requests (id) on delete cascade,
  client text not null check (length(client) between 1 and 100)
);
create index hold_clients_by_client on app_private.hold_clients (client);
alter table app_private.hold_clients enable row level security;
revoke all on app_private.hold_clients from public, anon, authenticated, service_role;
grant select, insert, delete on app_private.hold_clients to service_role;
create policy "the server may record, count and forget the clients of running holds" on app_private.hold_clients
  for all to service_role using (true) with check (true);
