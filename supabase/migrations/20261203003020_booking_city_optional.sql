-- The town or city is optional on a booking request (issue 48: fewer taps): a request without one
-- stores ''. Its length stays bounded as before.
alter table public.booking_requests drop constraint booking_requests_city_check;
alter table public.booking_requests add constraint booking_requests_city_check
  check (length(city) between 0 and 120);
