-- The office's view of the ledger as 20261127000310's, again: `select *` took the columns the table had
-- then, so the rupees a payment was made in (20261130002600) never reached the office's Payments.
create or replace view dashboard.payments as
  select * from public.payments where (select public.is_admin());
