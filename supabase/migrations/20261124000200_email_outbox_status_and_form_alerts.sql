-- Two more kinds of email go through the outbox: the guest's news when the office confirms, declines
-- or cancels a booking request (queued in the transaction of the status change), and the office's
-- alert of each contact message, career application and partner enquiry (queued in the transaction
-- of the row). The list is src/server/email/delivery.ts's emailKinds; a test holds the two equal.

alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check check (
  kind in (
    'booking_office_notice', 'booking_guest_receipt', 'confirm_email', 'existing_account', 'no_account',
    'reset_password', 'booking_confirmed', 'booking_declined', 'booking_cancelled', 'contact_office_alert',
    'career_office_alert', 'partner_office_alert'
  )
);
