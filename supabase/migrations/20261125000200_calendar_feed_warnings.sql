-- What the last successful import of a feed cut or left out to keep its blocks inside the calendar (an
-- event running to 9999 is cut at the last night a stay can take; one from year 1 at a year back), in
-- the office's words, shown on the feed's row of /admin/calendars. Null when nothing was; kept when a
-- later import fails, since the blocks it describes are kept too. Admins read it with the rest of the
-- row (their grant is on the table); only the importer (service_role) writes it.
alter table public.property_calendar_feeds
  add column last_warning text check (length(last_warning) <= 500);
