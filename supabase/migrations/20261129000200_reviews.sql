-- Reviews only real guests can write: one per confirmed stay, after departure, from the invitation's
-- link or the guest's account. Every review is published when written; the office can withhold one only
-- by naming the rule of the review policy it breaks (src/features/reviews/reviews-contract.ts lists
-- them, /policies/reviews publishes them), and can write one public reply. Each withholding,
-- reinstatement and reply is logged by the database itself. A review keeps its property and stay month,
-- never the booking's reference; the booking's id is kept only so a stay has one review.

create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  booking_request_id uuid not null unique references public.booking_requests (id) on delete cascade,
  -- A property's slug from the content files, and the month the stay began (its first day).
  property text not null check (property ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(property) <= 100),
  stay_month date not null check (extract(day from stay_month) = 1),
  rating smallint not null check (rating between 1 and 5),
  -- The limits and characters of reviews-contract.ts: one line for the title and the name, several for the text.
  title text not null check (length(btrim(title)) between 1 and 100 and title !~ '[[:cntrl:]]'),
  body text not null check (length(btrim(body)) between 1 and 4000 and body !~ E'[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]'),
  display_name text not null check (length(btrim(display_name)) between 1 and 60 and display_name !~ '[[:cntrl:]]'),
  created_at timestamptz not null default now(),
  -- Withheld: the rule of the review policy it breaks, who named it and when. Null: published.
  withheld_rule text check (withheld_rule in ('abuse', 'personal_data', 'not_about_the_stay', 'advertising', 'unlawful')),
  withheld_at timestamptz,
  withheld_by uuid,
  withheld_by_email text,
  -- The office's one public reply.
  reply text check (length(btrim(reply)) between 1 and 2000 and reply !~ E'[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]'),
  replied_at timestamptz,
  replied_by uuid,
  constraint reviews_withheld_whole check ((withheld_rule is null) = (withheld_at is null) and (withheld_rule is null) = (withheld_by is null)),
  constraint reviews_reply_whole check ((reply is null) = (replied_at is null) and (reply is null) = (replied_by is null))
);

-- The property page lists a home's published reviews, newest first.
create index reviews_published_by_property on public.reviews (property, created_at desc) where withheld_rule is null;

-- The invitation emailed the day after departure: its link's token, kept only as its SHA-256, claimed
-- once per booking with its outbox row.
create table public.review_invitations (
  booking_request_id uuid primary key references public.booking_requests (id) on delete cascade,
  token_hash bytea not null unique check (length(token_hash) = 32),
  email_id uuid references public.email_outbox (id) on delete set null,
  queued_at timestamptz not null default now()
);

-- What the office did to a review, written by the database on every change of its withholding or
-- reply, whoever makes it: nobody can withhold a review unseen.
create table public.review_moderation_log (
  id bigint generated always as identity primary key,
  review_id uuid not null references public.reviews (id) on delete cascade,
  action text not null check (action in ('withheld', 'reinstated', 'replied', 'reply_changed', 'reply_removed')),
  rule text,
  -- From the transaction's JWT claims: the admin's uid and email; null for the server or the owner.
  actor_id uuid,
  actor_email text,
  at timestamptz not null default now()
);

create function public.log_review_moderation() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  claims jsonb := auth.jwt();
  actor uuid := case
    when claims ->> 'sub' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then (claims ->> 'sub')::uuid
  end;
  actor_email text := nullif(claims ->> 'email', '');
begin
  if new.withheld_rule is distinct from old.withheld_rule then
    insert into public.review_moderation_log (review_id, action, rule, actor_id, actor_email)
    values (new.id, case when new.withheld_rule is null then 'reinstated' else 'withheld' end,
            coalesce(new.withheld_rule, old.withheld_rule), actor, actor_email);
  end if;
  if new.reply is distinct from old.reply then
    insert into public.review_moderation_log (review_id, action, actor_id, actor_email)
    values (new.id, case when old.reply is null then 'replied' when new.reply is null then 'reply_removed' else 'reply_changed' end,
            actor, actor_email);
  end if;
  return new;
end;
$$;

create trigger reviews_moderation_logged after update on public.reviews
  for each row execute function public.log_review_moderation();

-- A guest's review, its text and rating, is theirs: nobody edits it afterwards, the office included.
create function public.keep_review_words() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.booking_request_id, new.property, new.stay_month, new.rating, new.title, new.body, new.display_name, new.created_at)
     is distinct from (old.booking_request_id, old.property, old.stay_month, old.rating, old.title, old.body, old.display_name, old.created_at) then
    raise exception 'a review''s words and rating are the guest''s and cannot be changed' using errcode = 'check_violation';
  end if;
  return new;
end;
$$;

create trigger reviews_words_kept before update on public.reviews
  for each row execute function public.keep_review_words();

alter table public.reviews enable row level security;
alter table public.review_invitations enable row level security;
alter table public.review_moderation_log enable row level security;

create policy "anyone may read the published reviews" on public.reviews
  for select to anon
  using (withheld_rule is null);

create policy "admins may read every review and guests their own" on public.reviews
  for select to authenticated
  using (
    (select public.is_admin())
    or exists (
      select 1 from public.booking_requests request
      where request.id = reviews.booking_request_id and request.user_id = (select auth.uid())
    )
  );

create policy "admins may withhold, reinstate and reply to reviews" on public.reviews
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "the server may store a review it checked the stay of" on public.reviews
  for insert to service_role
  with check (true);

create policy "the server may read the reviews it stores" on public.reviews
  for select to service_role using (true);

revoke all on public.reviews from anon, authenticated, service_role;
-- The public fields only: never the booking, nor who withheld what.
grant select (id, property, stay_month, rating, title, body, display_name, created_at, reply, replied_at)
  on public.reviews to anon;
grant select on public.reviews to authenticated;
grant update (withheld_rule, withheld_at, withheld_by, withheld_by_email, reply, replied_at, replied_by)
  on public.reviews to authenticated;
grant select, insert on public.reviews to service_role;

create policy "the server may claim and record the invitations" on public.review_invitations
  for all to service_role using (true) with check (true);

create policy "admins may read which stays were invited" on public.review_invitations
  for select to authenticated
  using ((select public.is_admin()));

revoke all on public.review_invitations from anon, authenticated, service_role;
grant select, insert, update on public.review_invitations to service_role;
grant select (booking_request_id, email_id, queued_at) on public.review_invitations to authenticated;

create policy "admins may read what was done to reviews" on public.review_moderation_log
  for select to authenticated
  using ((select public.is_admin()));

revoke all on public.review_moderation_log from anon, authenticated, service_role;
grant select on public.review_moderation_log to authenticated;

alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check check (
  kind in (
    'booking_office_notice', 'booking_guest_receipt', 'confirm_email', 'existing_account', 'no_account',
    'reset_password', 'booking_confirmed', 'booking_declined', 'booking_cancelled', 'contact_office_alert',
    'career_office_alert', 'partner_office_alert', 'balance_reminder', 'balance_overdue',
    'calendar_conflict_alert', 'payment_receipt', 'cancellation_refund', 'refund_office_alert',
    'buyer_enquiry_office_alert', 'buyer_enquiry_receipt', 'message_to_office', 'message_to_guest',
    'arrival_pack', 'review_invitation'
  )
);
