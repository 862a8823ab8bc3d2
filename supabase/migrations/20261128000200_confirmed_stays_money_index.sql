-- The office's day totals the balances due now or overdue: it reads every confirmed stay in use with
-- the terms its ledger is judged on. Partial, on the exclusion constraint's own condition, and covering
-- those terms, so the read is an index-only scan of the confirmed stays instead of the whole table.
create index booking_requests_confirmed_money on public.booking_requests (id)
  include (total_pence, deposit_pence, balance_due_date, status_changed_at, arrival, reference)
  where status = 'confirmed' and deleted_at is null;
