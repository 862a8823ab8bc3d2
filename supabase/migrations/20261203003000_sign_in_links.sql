-- Accounts without passwords (issue 48): a guest may book with an email address alone, and any guest
-- may sign in by an emailed link or its six-digit code instead of a password. On Supabase, Supabase
-- Auth's own email OTP does this and these tables stay empty, as for every embedded-auth table.

-- An account made by a confirmed email alone has no password until its owner sets one.
alter table app_private.users alter column password_hash drop not null;

-- A sign-in link: hashed like every emailed token, with the SHA-256 of its six-digit code beside it for
-- the guest who reads the email on another device. Wrong codes are counted on the link and end it at five.
alter table app_private.email_tokens
  drop constraint email_tokens_purpose_check,
  add constraint email_tokens_purpose_check check (purpose in ('confirm_email', 'reset_password', 'sign_in')),
  add column code_hash text,
  add column wrong_codes integer not null default 0 check (wrong_codes >= 0),
  add constraint email_tokens_code_only_on_sign_in check (purpose = 'sign_in' or code_hash is null);
create index email_tokens_live_codes on app_private.email_tokens (user_id)
  where purpose = 'sign_in' and used_at is null;
