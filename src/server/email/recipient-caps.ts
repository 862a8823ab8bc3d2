import { readLimit } from '../config.ts';
import type { Transaction } from '../db/database.ts';
import { log } from '../runtime/logger.ts';
import type { EmailKind } from './delivery.ts';
import { queueEmail } from './delivery.ts';
import type { Email } from './email.ts';

/**
 * Caps on the emails anyone can have the site send to any address by typing it into a form: sign-up's
 * confirmation, "you already have an account", a password reset and its "no account" reply. Without
 * them, a script rotating its source addresses could fill a stranger's inbox from our domain (the
 * per-client and per-account request limits count requests, not what lands in one mailbox).
 */

/** Notices that go to a mailbox at most once in 24 hours, whatever the caps would allow. */
const oncePerDayKinds: readonly EmailKind[] = ['existing_account'];

// Gmail ignores dots in the local part, and googlemail.com is the same service.
const gmailDomains = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches, as the caps count it: trimmed and lower-cased, without a plus tag
 * (`asha+villas@` reaches `asha@` at every large provider, and a custom domain's rule is unknowable, so
 * all are treated alike), and for Gmail without dots, under gmail.com. Only a key: emails still go to
 * the address as typed.
 */
export function mailboxOf(address: string): string {
  const lowered = address.trim().toLowerCase();
  const at = lowered.lastIndexOf('@');
  if (at <= 0) return lowered;
  let local = lowered.slice(0, at);
  let domain = lowered.slice(at + 1).replace(/\.$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (gmailDomains.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '') || local;
  }
  return `${local}@${domain}`;
}

/** EMAIL_CAP_PER_HOUR and EMAIL_CAP_PER_DAY (3 and 6 by default); 0 turns one off. */
export function recipientCaps() {
  return { perHour: readLimit('EMAIL_CAP_PER_HOUR', 3), perDay: readLimit('EMAIL_CAP_PER_DAY', 6) };
}

/** `a***@example.com`: enough for a log to show which domain is targeted, not whose inbox. */
const maskAddress = (address: string) => {
  const at = address.lastIndexOf('@');
  return at <= 0 ? '***' : `${address.slice(0, 1)}***${address.slice(at)}`;
};

/**
 * Claims one email of `kind` to `to` against its mailbox's caps, in the caller's transaction (as
 * service_role): true when it may be sent, and then it is counted; false when a cap is reached, and then
 * the hold-back is recorded and logged instead. The counts are sliding windows (the last hour, the last
 * 24 hours) kept on the mailbox's one row, checked and advanced by a single upsert, which locks the row:
 * two requests at once can never both take the last slot. A transaction that rolls back gives its slot
 * back.
 */
export async function claimRecipientSlot(tx: Transaction, kind: EmailKind, to: string): Promise<boolean> {
  const { perHour, perDay } = recipientCaps();
  const notice = oncePerDayKinds.includes(kind) ? kind : null;
  if (perHour === 0 && perDay === 0 && !notice) return true;
  const mailbox = mailboxOf(to);
  const claimed = await tx.query(
    `insert into app_private.recipient_email_caps as caps (mailbox, sent_at, notices)
     values ($1, array[now()], case when $2::text is null then '{}'::jsonb else jsonb_build_object($2::text, now()) end)
     on conflict (mailbox) do update set
       sent_at = array(select sent from unnest(caps.sent_at) sent
                       where sent > now() - interval '1 day' order by sent) || now(),
       notices = case when $2::text is null then caps.notices
                      else caps.notices || jsonb_build_object($2::text, now()) end,
       touched_at = now()
     where ($3 = 0 or (select count(*) from unnest(caps.sent_at) sent where sent > now() - interval '1 hour') < $3)
       and ($4 = 0 or (select count(*) from unnest(caps.sent_at) sent where sent > now() - interval '1 day') < $4)
       and ($2::text is null
            or coalesce((caps.notices ->> $2::text)::timestamptz, '-infinity') <= now() - interval '1 day')
     returning mailbox`,
    [mailbox, notice, perHour, perDay],
  );
  // A mailbox nobody has mailed for a day counts nothing; a rare claim sweeps such rows away.
  if (Math.random() < 0.01) {
    await tx.query(
      `delete from app_private.recipient_email_caps where touched_at < now() - interval '1 day'`,
    );
  }
  if (claimed.length > 0) return true;
  await tx.query(
    `update app_private.recipient_email_caps
     set capped = capped + 1, last_capped_at = now(), touched_at = now() where mailbox = $1`,
    [mailbox],
  );
  log().warn(
    `Email held back: ${kind} to ${maskAddress(mailbox)} (that mailbox had its ${perHour} an hour, ` +
      `${perDay} a day${notice ? ', or this notice once a day' : ''}); the request was answered as if sent.`,
  );
  return false;
}

/**
 * Queues `email` if its mailbox's caps allow (see claimRecipientSlot), in the caller's transaction;
 * answers its id, or undefined when it was held back and nothing was queued.
 */
export async function queueCappedEmail(
  tx: Transaction,
  kind: EmailKind,
  email: Email,
): Promise<string | undefined> {
  if (!(await claimRecipientSlot(tx, kind, email.to))) return undefined;
  return queueEmail(tx, kind, email);
}
