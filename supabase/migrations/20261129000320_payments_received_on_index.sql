-- The owner's received revenue sums the ledger by the month the money came: by received_on, covering
-- the booking it went to and the amount, so the two seasons' payments are read from the index alone.
create index payments_received_on on public.payments (received_on)
  include (booking_request_id, amount_pence);
