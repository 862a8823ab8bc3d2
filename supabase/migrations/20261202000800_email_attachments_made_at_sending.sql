-- An email may wait for a file that is made from what its transaction committed: a payment's receipt.
-- The settlement of a payment records it and queues the guest's email in one transaction, which holds
-- the home's calendar lock and the booking's row; making the PDF there (half a second to a second and
-- more of a busy core) held both meanwhile, and a PDF that failed to render rolled the payment back
-- with it. `attachment_pending` names what is still to be attached (for a receipt, the booking and the
-- payment); the sender makes it just before sending (src/server/email/delivery.ts, its preparers),
-- stores it in `attachments`, so a retry sends the same bytes, and clears this column. A file that
-- cannot be made yet leaves the email pending for the retries, the payment already safe.
alter table public.email_outbox add column attachment_pending jsonb
  constraint email_outbox_attachment_pending_names_its_kind
  check (attachment_pending is null or (jsonb_typeof(attachment_pending) = 'object' and attachment_pending ? 'kind'));
