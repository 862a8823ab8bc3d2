-- The admins' view of the ledger was made (20261124000300) before online payments added their
-- provider and its reference (20261127000100), and a view keeps the columns it was made with: made
-- again, it shows them, so the office sees which payments came online, and refunds them by reference.
create or replace view dashboard.payments as
  select * from public.payments where (select public.is_admin());
