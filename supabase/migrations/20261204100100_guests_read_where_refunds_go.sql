-- A guest's account page says where each of their refunds went ("£50 refunded to your card on 2 Dec"):
-- it reads whether the refund goes through a provider (to the card) or by the office's hand. RLS still
-- shows a guest only their own refunds; the provider's own refund id stays the office's.
grant select (provider) on public.payment_refunds to authenticated;
