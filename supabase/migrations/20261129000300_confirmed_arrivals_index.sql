-- The office's day lists the confirmed stays arriving this week. Without an index on arrival among the
-- confirmed stays, the plan ANDed a bitmap of the whole departure index (every confirmed stay) with one
-- of (property, arrival), whose leading property made it read all 100,000 entries: 23 of its 35 ms at
-- 100,000 bookings. Partial, on the exclusion constraint's own condition, like the departures' index; it
-- covers the property and total so the owner's revenue by arrival month is read from the index alone.
create index booking_requests_confirmed_arrival on public.booking_requests (arrival, reference)
  include (property, total_pence)
  where status = 'confirmed' and deleted_at is null;
