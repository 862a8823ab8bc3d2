-- Anyone may register any address, so an unconfirmed account's password is only a claim. Each
-- confirmation link keeps the password hash and name of the registration that mailed it, and opening the
-- link applies those: a later registration of the same address cannot swap in its own password for the
-- owner to confirm. Links mailed before this migration have neither and confirm the account as it is.
alter table app_private.email_tokens
  add column password_hash text,
  add column name text check (length(name) between 1 and 120),
  add constraint email_tokens_registration_only_on_confirmation
    check (purpose = 'confirm_email' or (password_hash is null and name is null));
