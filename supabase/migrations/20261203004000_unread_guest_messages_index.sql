-- The office's day lists the guests' unread messages newest first across every booking; this partial
-- index holds only those rows, so the list is one short index scan however long the conversations grow.
create index booking_messages_unread_from_guests
  on public.booking_messages (created_at desc, id desc)
  where author = 'guest' and read_at is null;
