import { readLimit } from '../config.ts';
import type { Transaction } from '../db/database.ts';
import { type EmailKind, queueEmail } from '../email/delivery.ts';
import { type OfficeAlert, officeAlertMessage } from '../email/office-alert.ts';
import { lockRateLimitBucket, type RateLimit, takeRateLimitSlot } from '../http/rate-limit.ts';

/**
 * The office's emails about one form's posts: FORM_OFFICE_ALERTS_PER_HOUR (default 20) in any hour,
 * from every client together, counting the alerts sent one by one and the digests alike. The per-client
 * limit stops one address; this stops a flood from many from filling the office's inbox.
 */
export function officeAlertLimit(form: string): RateLimit {
  return {
    name: `office-alerts:${form}`,
    limit: readLimit('FORM_OFFICE_ALERTS_PER_HOUR', 20),
    windowSeconds: 60 * 60,
  };
}

/** The form's one bucket: the limit counts the form's alerts, not any client's. */
export const everyClient = 'all';

/** What a form tells this module about itself. */
export type AlertingForm = { name: string; officeAlert: { kind: EmailKind } };

/**
 * In the post's transaction, as service_role: queues the office's alert of the stored post when the
 * form's hour has room (answering the email's id, to send at once), or holds it for the next digest
 * (answering undefined). While any alert of the form is held, a new one is held too, so the digest
 * goes first and the office reads the posts in the order they came. Either way the post stands.
 */
export async function alertOfficeOrHold(
  tx: Transaction,
  form: AlertingForm,
  item: { id: string },
  alert: OfficeAlert,
  siteUrl: string,
): Promise<string | undefined> {
  const rule = officeAlertLimit(form.name);
  if (rule.limit > 0) {
    // The worker takes the same lock to list and let go of the held alerts, so none slips between.
    await lockRateLimitBucket(tx, rule, everyClient);
    const [waiting] = await tx.query('select 1 from app_private.held_office_alerts where form = $1 limit 1', [
      form.name,
    ]);
    const slot = waiting ? undefined : await takeRateLimitSlot(tx, rule, everyClient);
    if (!slot?.taken) {
      await tx.query(
        `insert into app_private.held_office_alerts (form, item_id, name, email, about, received_at)
         values ($1, $2, $3, $4, $5, $6)`,
        // The digest lists each post's address; one sent with a phone number only says it has none.
        [form.name, item.id, alert.name, alert.email || '(no email)', alert.about ?? null, new Date()],
      );
      return undefined;
    }
  }
  return queueEmail(tx, form.officeAlert.kind, officeAlertMessage(alert, siteUrl));
}
