-- The calendar import as a queue worked by several runs: Netlify stops a scheduled function after 30 s,
-- so one hourly run could start only the feeds it reached in its first seconds. Now a run every few
-- minutes takes the feeds that are due, each claimed by one run until its lease ends (so two runs at
-- once never fetch the same feed, and a run that died gives its feeds back when the lease runs out).
alter table public.property_calendar_feeds
  add column import_claimed_until timestamptz;

-- The feeds a run may take: the never-tried and the least recently tried, as the queue orders them.
create index property_calendar_feeds_import_queue
  on public.property_calendar_feeds ((last_error is not null), last_tried_at nulls first, created_at, id);
