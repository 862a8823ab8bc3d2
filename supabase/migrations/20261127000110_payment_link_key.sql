-- The key that signs the pay links in emails (src/server/booking/payments/pay-link.ts), made once by
-- the first server that needs it and kept with the data, as the form token's key is.
create table app_private.payment_link_keys (
  id boolean primary key default true check (id),
  secret text not null check (length(secret) >= 32)
);

alter table app_private.payment_link_keys enable row level security;
create policy "the server may read the pay link key" on app_private.payment_link_keys
  for select to service_role using (true);
create policy "the server may make the pay link key once" on app_private.payment_link_keys
  for insert to service_role with check (true);
grant select, insert on app_private.payment_link_keys to service_role;
