-- The key that signs the public forms' tokens (src/server/forms/form-token.ts: when a visitor's form
-- page was handed one, so a post that comes sooner than a person types, or with no token of ours, is
-- asked to be sent again). Made once by the first server that needs it and kept with the data, so a
-- restart or another function instance accepts the tokens already handed out.
create table app_private.form_token_keys (
  id boolean primary key default true check (id),
  secret text not null check (length(secret) >= 32)
);

alter table app_private.form_token_keys enable row level security;
create policy "the server may read the form token key" on app_private.form_token_keys
  for select to service_role using (true);
create policy "the server may make the form token key once" on app_private.form_token_keys
  for insert to service_role with check (true);
grant select, insert on app_private.form_token_keys to service_role;
