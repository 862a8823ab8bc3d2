-- The office's Today view lists the emails that failed for good in the last fortnight
-- (src/server/email/email-history.ts, listFailedEmails), and /api/health counts the last day's: a
-- failed email is rare, so a partial index keeps both reads small however long the outbox grows.
create index email_outbox_failed on public.email_outbox (created_at) where status = 'failed';
