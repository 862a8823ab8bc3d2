-- A guest withdraws their own request before the office answers it: `withdrawn`, a status of its own
-- (the office's words for a request it turned down, declined, and for a stay called off, cancelled,
-- stay theirs), reached only from new. The server moves it after checking the request is the caller's;
-- the guest's role still may not write a status (20261122000400's grants). The guest's email and the
-- office's alert of it go through the outbox as two more kinds.

alter table public.booking_requests drop constraint booking_requests_status_check;
alter table public.booking_requests add constraint booking_requests_status_check
  check (status in ('new', 'confirmed', 'declined', 'cancelled', 'withdrawn'));

-- As 20261122000400's, with new → withdrawn added.
create or replace function app_private.allow_only_forward_status_changes() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    if old.deleted_at is not null then
      raise exception 'A deleted booking request cannot change status; restore it first'
        using errcode = 'check_violation', constraint = 'booking_requests_status_transition';
    end if;
    if not ((old.status = 'new' and new.status in ('confirmed', 'declined', 'withdrawn'))
            or (old.status = 'confirmed' and new.status = 'cancelled')) then
      raise exception 'A booking request cannot go from % to %', old.status, new.status
        using errcode = 'check_violation', constraint = 'booking_requests_status_transition',
              hint = 'new may become confirmed, declined or withdrawn; confirmed may become cancelled.';
    end if;
    new.status_changed_at := now();
  end if;
  return new;
end
$$;

alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check check (
  kind in (
    'booking_office_notice', 'booking_guest_receipt', 'confirm_email', 'existing_account', 'no_account',
    'reset_password', 'booking_confirmed', 'booking_declined', 'booking_cancelled', 'contact_office_alert',
    'career_office_alert', 'partner_office_alert', 'balance_reminder', 'balance_overdue',
    'calendar_conflict_alert', 'payment_receipt', 'cancellation_refund', 'refund_office_alert',
    'buyer_enquiry_office_alert', 'buyer_enquiry_receipt', 'message_to_office', 'message_to_guest',
    'arrival_pack', 'review_invitation', 'booking_withdrawn', 'withdrawal_office_alert'
  )
);
