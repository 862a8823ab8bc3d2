import type { EmailStatus } from '../../lib/email-statuses.ts';
import { serviceRole, type Transaction, withCaller } from '../db/database.ts';
import { log } from '../runtime/logger.ts';
import { type Email, type EmailAttachment, sendEmail } from './email.ts';

/**
 * The durable outbox: an email is queued in the transaction of the row it is about, then sent by
 * `deliverDueEmails`, which the request that queued it calls once right after committing (so a guest
 * waits no longer than before) and a worker calls on a timer for whatever that first try left.
 */

/** What an email is. The database checks the same list (migrations 20261203003010 and 20261203005010 append to it). */
export const emailKinds = [
  'booking_office_notice',
  'booking_guest_receipt',
  'confirm_email',
  'existing_account',
  'no_account',
  'reset_password',
  'booking_confirmed',
  'booking_declined',
  'booking_cancelled',
  'contact_office_alert',
  'career_office_alert',
  'partner_office_alert',
  'balance_reminder',
  'balance_overdue',
  'calendar_conflict_alert',
  'payment_receipt',
  'cancellation_refund',
  'refund_office_alert',
  'buyer_enquiry_office_alert',
  'buyer_enquiry_receipt',
  'message_to_office',
  'message_to_guest',
  'arrival_pack',
  'review_invitation',
  'booking_withdrawn',
  'withdrawal_office_alert',
  // A sign-in link and its code, asked for by whoever typed the address (issue 48).
  'sign_in_link',
  // A stay and its price, emailed at the guest's request to keep.
  'stay_quote',
  // A concierge service the office priced or confirmed (issue 49).
  'service_confirmed',
  // A refund back with the guest, with its credit note (issue 46).
  'refund_credit_note',
] as const;
export type EmailKind = (typeof emailKinds)[number];

/**
 * Kinds whose body is erased once nothing will send it again: a sign-in secret (confirm, reset), or
 * what a person wrote through a form, which lives in its own table, where the trash and its purge
 * decide how long it is kept; a copy here would outlive them.
 */
const erasedKinds: EmailKind[] = [
  'confirm_email',
  'reset_password',
  'sign_in_link',
  'contact_office_alert',
  'career_office_alert',
  'partner_office_alert',
  'buyer_enquiry_office_alert',
  'buyer_enquiry_receipt',
  // The door's way in and the Wi-Fi password: the pack stays in its own table, behind the guest's sign-in.
  'arrival_pack',
  // The link writes the stay's review: a key to it, kept only as its hash in `review_invitations`.
  'review_invitation',
];

export const deliveryRules = {
  /** After this many attempts an email is `failed`: about 12 hours of retries with the delays below. */
  maxAttempts: 12,
  firstRetrySeconds: 30,
  longestRetrySeconds: 4 * 60 * 60,
  /**
   * How long a claimed email is left to its worker before another may take it up. Longer than the
   * SMTP timeouts in email.ts allow one send to take, so a slow send is never sent twice.
   */
  leaseSeconds: 5 * 60,
  /** Emails one call sends at most, one after another; the rest wait for the next call. */
  batchSize: 20,
};

/**
 * Whether the mail server refused this email for good: an SMTP reply in the 5xx range (no such
 * mailbox, message refused), which the same email sent again would meet again. A 4xx reply (try
 * later, greylisting, mailbox full), a connection that failed or timed out, and a refused login (5xx
 * too, but the site's credentials, not the email, are at fault: fixed, the email goes) are retried.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: number; code?: string };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && code !== 'EAUTH';
}

/**
 * Seconds to wait after the given failed attempt (1, 2, …): 30 s, 1 min, 2 min, … doubling up to
 * four hours, so a mail server that is down for a minute or for a night gets every email in the end
 * without being hammered.
 */
export function retryDelaySeconds(attempt: number, rules = deliveryRules): number {
  return Math.min(rules.firstRetrySeconds * 2 ** Math.max(0, attempt - 1), rules.longestRetrySeconds);
}

/**
 * Queues an email in the caller's transaction (which runs as service_role): it commits with the row it
 * is about, or not at all. Answers its id, for `deliverDueEmails({ only })` after the commit.
 */
export async function queueEmail(
  tx: Transaction,
  kind: EmailKind,
  email: Email,
  about: { bookingRequestId?: string; attachmentPending?: PendingAttachment } = {},
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into public.email_outbox
       (kind, booking_request_id, recipient, reply_to, subject, body, attachments, attachment_pending)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb) returning id`,
    [
      kind,
      about.bookingRequestId ?? null,
      email.to,
      email.replyTo ?? null,
      email.subject,
      email.text,
      email.attachments?.length ? JSON.stringify(email.attachments) : null,
      about.attachmentPending ? JSON.stringify(about.attachmentPending) : null,
    ],
  );
  return row?.id as string;
}

/**
 * A file an email still waits for, made just before it is sent from what its transaction committed
 * (a payment's receipt): `kind` names the preparer that makes it, the rest is that preparer's to read.
 */
export type PendingAttachment = { kind: string } & Record<string, unknown>;

/** Makes a pending attachment in `tx` (the server's role), or throws to leave the email for a retry. */
export type AttachmentPreparer = (tx: Transaction, pending: PendingAttachment) => Promise<EmailAttachment>;

const preparers = new Map<string, AttachmentPreparer>();

/**
 * Tells the sender how to make the attachments of `kind`. The module that owns what the file is about
 * registers it (payments, its receipts), so this module knows no domain; whoever sends its emails (a
 * request after its commit, the worker) imports that module first.
 */
export function registerAttachmentPreparer(kind: string, prepare: AttachmentPreparer): void {
  preparers.set(kind, prepare);
}

/**
 * Makes a claimed email's pending attachment and stores it with the email (so a retry sends the same
 * bytes), answering the email as it will be sent. Throws when the file cannot be made (no preparer for
 * its kind in this process, or the preparer failed): the email is then retried later like a send.
 */
async function completeAttachments(email: ClaimedEmail): Promise<ClaimedEmail> {
  const pending = email.attachment_pending;
  if (!pending) return email;
  const prepare = preparers.get(pending.kind);
  if (!prepare)
    throw new Error(`No way to make the ${pending.kind} attachment is loaded here; another sender will`);
  const attachments = await withCaller(serviceRole, async (tx) => {
    const made = [...(email.attachments ?? []), await prepare(tx, pending)];
    await tx.query(
      `update public.email_outbox set attachments = $2::jsonb, attachment_pending = null where id = $1`,
      [email.id, JSON.stringify(made)],
    );
    return made;
  });
  return { ...email, attachments, attachment_pending: null };
}

type ClaimedEmail = {
  id: string;
  kind: EmailKind;
  booking_request_id: string | null;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  attachments: EmailAttachment[] | null;
  attachment_pending: PendingAttachment | null;
  attempts: number;
};

export type DeliveryReport = { sent: number; retrying: number; failed: number };

export type DeliveryOptions = {
  /** Only these emails (the ones a request just queued); otherwise any that are due. */
  only?: string[];
  /** The transport; tests hand in one that fails or is slow. */
  send?: (email: Email) => Promise<void>;
  rules?: typeof deliveryRules;
  /** A time (ms since the epoch) after which no further email is claimed: a scheduled run's limit. */
  until?: number;
};

/**
 * Sends up to `batchSize` emails that are due, each once however many workers run at the same time:
 * each is claimed on its own (skipping a row another worker has locked) and leased (next_attempt_at
 * moves forward) before it is sent, so no transaction stays open while a mail server answers. A sent
 * email is marked sent once the mail server accepted it; one it refused for good (`isPermanentRefusal`)
 * is marked failed at once; any other failure is tried again after `retryDelaySeconds`, and marked
 * failed after the last attempt. An email sent by a worker that dies before recording it is sent again once its
 * lease ends: at least once, never lost.
 */
export async function deliverDueEmails(options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const { only, send = sendEmail, rules = deliveryRules, until = Infinity } = options;
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  if (only?.length === 0) return report;
  for (let count = 0; count < rules.batchSize && Date.now() < until; count++) {
    const [email] = await withCaller(serviceRole, (tx) =>
      tx.query<ClaimedEmail>(
        `update public.email_outbox
         set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $1)
         where id = (
           select id from public.email_outbox
           where status = 'pending' and next_attempt_at <= now() and ($2::uuid[] is null or id = any($2))
           order by next_attempt_at
           limit 1
           for update skip locked
         )
         returning id, kind, booking_request_id, recipient, reply_to, subject, body, attachments,
           attachment_pending, attempts`,
        [rules.leaseSeconds, only ?? null],
      ),
    );
    if (!email) break;
    const outcome = await completeAttachments(email)
      .then((ready) =>
        send({
          to: ready.recipient,
          replyTo: ready.reply_to ?? undefined,
          subject: ready.subject,
          text: ready.body,
          ...(ready.attachments ? { attachments: ready.attachments } : {}),
        }),
      )
      .then(
        () => ({ status: 'sent' as const }),
        (error: unknown) => ({ status: 'failed' as const, error }),
      );
    const status = await recordAttempt(email, outcome, rules);
    report[status === 'pending' ? 'retrying' : status]++;
  }
  return report;
}

async function recordAttempt(
  email: ClaimedEmail,
  outcome: { status: 'sent' } | { status: 'failed'; error: unknown },
  rules: typeof deliveryRules,
): Promise<EmailStatus> {
  const erase = erasedKinds.includes(email.kind);
  if (outcome.status === 'sent') {
    await withCaller(serviceRole, (tx) =>
      tx.query(
        `update public.email_outbox
         set status = 'sent', sent_at = now(), last_error = null, body = case when $2 then null else body end
         where id = $1`,
        [email.id, erase],
      ),
    );
    return 'sent';
  }
  const refused = isPermanentRefusal(outcome.error);
  const status: EmailStatus = refused || email.attempts >= rules.maxAttempts ? 'failed' : 'pending';
  const error = describeError(outcome.error);
  const next = refused ? 'refused for good' : status === 'failed' ? 'given up' : 'it will be tried again';
  log().error(
    {
      err: outcome.error,
      emailId: email.id,
      kind: email.kind,
      bookingRequestId: email.booking_request_id ?? undefined,
      attempt: email.attempts,
    },
    `Email ${email.id} not sent; ${next}`,
  );
  await withCaller(serviceRole, (tx) =>
    tx.query(
      `update public.email_outbox
       set status = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4),
           body = case when $2 = 'failed' and $5 then null else body end
       where id = $1`,
      [email.id, status, error, retryDelaySeconds(email.attempts, rules), erase],
    ),
  );
  return status;
}

/** The transport's own words (an SMTP reply, a refused connection), short enough for the dashboard. */
function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000) || 'The mail server gave no reason';
}

/**
 * Sends the emails a request has just queued, after its transaction committed. Never throws: whatever
 * goes wrong, the emails stay queued for the worker, and the request that queued them has succeeded.
 */
export async function deliverQueuedEmails(ids: string[]): Promise<void> {
  try {
    await deliverDueEmails({ only: ids });
  } catch (error) {
    log().error({ err: error }, 'Queued emails were left for the worker');
  }
}

/**
 * Sends what is due, batch after batch, until none is left or `budgetMs` has passed (a Netlify
 * scheduled function is stopped after 30 seconds). Answers the totals.
 */
export async function deliverAllDueEmails(budgetMs = 20_000): Promise<DeliveryReport> {
  const until = Date.now() + budgetMs;
  const total: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  for (;;) {
    const report = await deliverDueEmails({ until });
    total.sent += report.sent;
    total.retrying += report.retrying;
    total.failed += report.failed;
    if (report.sent + report.retrying + report.failed < deliveryRules.batchSize) return total;
  }
}

/** A line for the log: what one run of the worker did. */
export const describeDelivery = ({ sent, retrying, failed }: DeliveryReport) =>
  `Emails: ${sent} sent, ${retrying} to try again, ${failed} failed for good.`;

/**
 * Runs `deliverAllDueEmails` every `everyMs`, one run at a time, until stopped, each run after `queue`:
 * work that queues emails of its own (the forms' digests), handed in by whoever starts the worker. A
 * run that cannot reach the database is logged and the next one tries again. Answers the stop function.
 */
export function startEmailWorker(everyMs = 3000, queue: () => Promise<unknown> = async () => {}): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await queue();
      const report = await deliverAllDueEmails();
      if (report.retrying + report.failed > 0) log().warn(report, describeDelivery(report));
    } catch (error) {
      log().error({ err: error }, 'The email worker could not reach the outbox; it tries again shortly');
    } finally {
      running = false;
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
