-- Paying in rupees: a guest in India may pay what is due in pounds by UPI, which is INR only, at the
-- rate the office set (src/content/exchange-rates.json) and showed the guest with its date. A session
-- keeps what it asks for in rupees and at what rate; a ledger entry keeps what was paid (currency and
-- amount) beside its value in pounds (amount_pence, as every entry), so every sum and the ledger's
-- trigger stay in pounds. Row level security is unchanged: the policies read no new column.

alter table public.payment_sessions drop constraint payment_sessions_currency_check;
alter table public.payment_sessions
  -- What the guest pays in: the list is src/lib/rupee-payment.ts's currencies a session asks for.
  add constraint payment_sessions_currency_check check (currency in ('GBP', 'INR')),
  -- In rupees: the paise asked for, and the rupees to the pound and its date they were converted at.
  add column charge_minor integer check (charge_minor >= 100),
  add column rupees_per_pound numeric(12, 4) check (rupees_per_pound > 0),
  add column rate_of date,
  add constraint payment_sessions_rupees_at_a_dated_rate check (
    (currency = 'GBP' and charge_minor is null and rupees_per_pound is null and rate_of is null)
    or (currency = 'INR' and charge_minor is not null and rupees_per_pound is not null and rate_of is not null)
  );
grant select (charge_minor, rupees_per_pound, rate_of) on public.payment_sessions to authenticated;

alter table public.payments
  add column paid_currency text not null default 'GBP' check (paid_currency in ('GBP', 'INR')),
  -- In rupees: the paise paid, at the rate amount_pence was worked out by.
  add column paid_minor integer check (paid_minor > 0),
  add column rupees_per_pound numeric(12, 4) check (rupees_per_pound > 0),
  add column rate_of date,
  add constraint payments_rupees_at_a_dated_rate check (
    (paid_currency = 'GBP' and paid_minor is null and rupees_per_pound is null and rate_of is null)
    or (paid_currency = 'INR' and paid_minor is not null and rupees_per_pound is not null and rate_of is not null)
  );
grant insert (paid_currency, paid_minor, rupees_per_pound, rate_of) on public.payments to service_role;
grant select (paid_currency, paid_minor, rupees_per_pound, rate_of) on public.payments to authenticated;
