-- The office's day lists the confirmed stays leaving this week: without an index on departure, that
-- reads every confirmed stay. Partial, on the exclusion constraint's own condition, so it stays small.
create index booking_requests_confirmed_departure on public.booking_requests (departure, reference)
  where status = 'confirmed' and deleted_at is null;
