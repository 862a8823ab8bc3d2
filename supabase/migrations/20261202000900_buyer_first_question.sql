-- A buyer's first question needs only a name, a way to answer them (an email address, or a phone
-- number with its country code) and the question: the country, budget, home loan and paying from abroad
-- are theirs to give later, when the office asks. Text the buyer left out is stored as '' rather than
-- null, so the dashboard's search (name || ' ' || email || …, and its trigram index of 20261127000410)
-- still reads every row; the two yes-or-no answers are null when not given.
alter table public.buyer_enquiries
  drop constraint buyer_enquiries_email_check,
  drop constraint buyer_enquiries_phone_check,
  drop constraint buyer_enquiries_country_check,
  drop constraint buyer_enquiries_budget_check,
  alter column home_loan drop not null,
  alter column paying_from_abroad drop not null,
  add constraint buyer_enquiries_email_check check (email = '' or length(email) between 3 and 254),
  add constraint buyer_enquiries_phone_check check (phone = '' or length(phone) between 5 and 30),
  add constraint buyer_enquiries_country_check check (country = '' or length(country) between 2 and 60),
  add constraint buyer_enquiries_budget_check check (length(budget) <= 60),
  add constraint buyer_enquiries_can_be_answered check (email <> '' or phone <> '');
