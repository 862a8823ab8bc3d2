-- A guest's account page shows a refund of a service paid on its own on that service's card, never
-- among the stay's payments (#49): it reads which of their payments a refund came from. RLS still shows
-- a guest only their own refunds and their own payments; the provider's ids stay the office's.
grant select (payment_id) on public.payment_refunds to authenticated;
