-- The UID each event of a property's own iCal feed carries (other platforms import that feed and match
-- events by UID). It was the booking's or the block's id: an internal key, handed to every platform
-- and whoever holds the link. Now each row has a random UUID of its own, made once, so the UID stays
-- the same on every export and after the link is rotated, and names nothing else of ours. Filled for
-- existing rows by the default (a platform then sees each event replaced once).
alter table public.booking_requests
  add column calendar_uid uuid not null default gen_random_uuid();
alter table public.property_blocks
  add column calendar_uid uuid not null default gen_random_uuid();
