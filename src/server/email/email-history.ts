import type { EmailDelivery } from '../../features/admin/email-delivery-contract.ts';
import type { FailedEmail } from '../../features/admin/today-contract.ts';
import type { EmailStatus } from '../../lib/email-statuses.ts';
import { serviceRole, type Transaction } from '../db/database.ts';
import type { EmailKind } from './delivery.ts';

/**
 * The emails about a booking request, oldest first, without their text. Runs as the caller: RLS shows
 * them to admins only.
 */
export async function listEmailsAbout(tx: Transaction, bookingRequestId: string): Promise<EmailDelivery[]> {
  const rows = await tx.query<{
    id: string;
    kind: EmailKind;
    recipient: string;
    subject: string;
    status: EmailStatus;
    attempts: number;
    last_error: string | null;
    next_attempt_at: Date;
    sent_at: Date | null;
    created_at: Date;
  }>(
    `select id, kind, recipient, subject, status, attempts, last_error, next_attempt_at, sent_at, created_at
     from public.email_outbox where booking_request_id = $1
     order by created_at, kind`,
    [bookingRequestId],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    sentAt: row.sent_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  }));
}

type DeliveryRow = {
  id: string;
  kind: EmailKind;
  booking_request_id: string;
  recipient: string;
  subject: string;
  status: EmailStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  sent_at: Date | null;
  created_at: Date;
};

/**
 * The emails that failed for good in the last `days`: those about booking requests listed, newest
 * first (run as the caller: RLS shows them to admins only), and all of them counted, account emails
 * included, as the server (a count names nobody).
 */
export async function listFailedEmails(
  tx: Transaction,
  { days, limit }: { days: number; limit: number },
): Promise<{ rows: FailedEmail[]; count: number }> {
  const rows = await tx.query<DeliveryRow>(
    `select id, kind, booking_request_id, recipient, subject, status, attempts, last_error, next_attempt_at,
            sent_at, created_at
     from public.email_outbox
     where status = 'failed' and booking_request_id is not null
       and created_at > now() - make_interval(days => $1)
     order by created_at desc
     limit $2`,
    [days, limit],
  );
  const [counted] = await tx.as(serviceRole, () =>
    tx.query<{ count: number }>(
      `select count(*)::int as count from public.email_outbox
       where status = 'failed' and created_at > now() - make_interval(days => $1)`,
      [days],
    ),
  );
  return {
    rows: rows.map((row) => ({
      id: row.id,
      bookingRequestId: row.booking_request_id,
      kind: row.kind,
      recipient: row.recipient,
      subject: row.subject,
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      nextAttemptAt: null,
      sentAt: null,
      createdAt: row.created_at.toISOString(),
    })),
    count: counted?.count ?? 0,
  };
}
