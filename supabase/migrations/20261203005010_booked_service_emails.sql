-- The emails about a booked service: the guest told that the office has priced and confirmed one
-- asked for on request (or confirmed one priced when chosen). Appended to whatever kinds the outbox
-- allows when this runs, as 20261203003010 appends its own (a whole list here dropped theirs); the
-- list is emailKinds in src/server/email/delivery.ts, and a test holds the two equal.
do $$
declare
  definition text;
begin
  select pg_get_constraintdef(oid) into definition from pg_constraint
  where conname = 'email_outbox_kind_check' and conrelid = 'public.email_outbox'::regclass;
  alter table public.email_outbox drop constraint email_outbox_kind_check;
  execute format(
    'alter table public.email_outbox add constraint email_outbox_kind_check %s',
    regexp_replace(definition, '::text\]', '::text, ''service_confirmed''::text]')
  );
end
$$;
