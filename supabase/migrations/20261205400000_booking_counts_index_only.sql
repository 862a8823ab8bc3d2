-- The dashboard's summary counts the new booking requests and those in the trash every 5 s. A guest may
-- read their own bookings, so the table's policy reads each row's user_id and deleted_at, and with no
-- index holding them every count read its rows from the table: the new ones took 13-66 ms of the
-- summary's 102 at 100,000 bookings (13,398 new; `npm run bench:admin`). Holding the two columns, each
-- count is an index-only scan (1.5 and 0.3 ms).
create index booking_requests_new_counted on public.booking_requests (user_id, deleted_at)
  where status = 'new' and deleted_at is null;
create index booking_requests_trash_counted on public.booking_requests (user_id, deleted_at)
  where deleted_at is not null;
