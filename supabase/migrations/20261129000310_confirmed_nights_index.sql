-- The owner's occupancy counts the nights of the confirmed stays that leave after a season starts.
-- The departures' index (20261128000100) now also covers each stay's arrival and property, so that
-- count reads the index alone instead of a heap row per stay; the office's departures list uses it as
-- before, by (departure, reference).
drop index public.booking_requests_confirmed_departure;
create index booking_requests_confirmed_departure on public.booking_requests (departure, reference)
  include (arrival, property)
  where status = 'confirmed' and deleted_at is null;
