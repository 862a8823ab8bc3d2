-- The emails about a booked service: the guest told that the office has priced and confirmed one
-- asked for on request (or confirmed one priced when chosen). The list is emailKinds in
-- src/server/email/delivery.ts; a test holds the two equal.

alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check check (
  kind in (
    'booking_office_notice', 'booking_guest_receipt', 'confirm_email', 'existing_account', 'no_account',
    'reset_password', 'booking_confirmed', 'booking_declined', 'booking_cancelled', 'contact_office_alert',
    'career_office_alert', 'partner_office_alert', 'balance_reminder', 'balance_overdue',
    'calendar_conflict_alert', 'payment_receipt', 'cancellation_refund', 'refund_office_alert',
    'buyer_enquiry_office_alert', 'buyer_enquiry_receipt', 'message_to_office', 'message_to_guest',
    'arrival_pack', 'review_invitation', 'booking_withdrawn', 'withdrawal_office_alert',
    'service_confirmed'
  )
);
