import { buyerEnquiryForm } from './buyer-enquiries/buyer-enquiry-form.ts';
import { careerApplicationForm } from './career-applications/career-application-form.ts';
import { siteUrl } from './config.ts';
import { contactMessageForm } from './contact-messages/contact-message-form.ts';
import { serviceRole, withCaller } from './db/database.ts';
import { queueEmail } from './email/delivery.ts';
import { type HeldAlert, officeAlertDigestMessage } from './email/office-alert.ts';
import { type AlertingForm, everyClient, officeAlertLimit } from './forms/office-alerts.ts';
import { lockRateLimitBucket, takeRateLimitSlot } from './http/rate-limit.ts';
import { partnerEnquiryForm } from './partner-enquiries/partner-enquiry-form.ts';

/**
 * The office alerts' digests, over every public form: this file stands above the forms' pipeline and
 * the forms built on it, so that `forms/` never imports the features it serves.
 */

/** Every public form, for the work that spans them. */
export const everyPublicForm = [
  contactMessageForm,
  careerApplicationForm,
  partnerEnquiryForm,
  buyerEnquiryForm,
] as const;

/** The most posts one digest lists; a longer queue goes in the next digests, oldest first. */
export const digestSize = 1000;

type HeldRow = { id: string; name: string; email: string; about: string | null; received_at: Date };

/**
 * Queues, for each form with alerts held back (office-alerts.ts), one email listing them, once the
 * form's hour has room for it (a digest counts as one of the hour's alerts). Run by the email worker
 * before each pass (`npm start`'s, and Netlify's scheduled send-emails), which then sends it. Each
 * form's work is one transaction under the lock its posts take: the held alerts it lists are deleted
 * as the digest is queued, so overlapping workers queue one digest between them and a post holding
 * its alert meanwhile waits for the next. Answers the ids of the digests queued.
 */
export async function queueOfficeAlertDigests(
  forms: readonly (AlertingForm & { officeAlert: { many: string } })[] = everyPublicForm,
): Promise<string[]> {
  const queued: string[] = [];
  for (const form of forms) {
    const id = await withCaller(serviceRole, async (tx) => {
      const rule = officeAlertLimit(form.name);
      await lockRateLimitBucket(tx, rule, everyClient);
      const held = await tx.query<HeldRow>(
        `select id, name, email, about, received_at from app_private.held_office_alerts
         where form = $1 order by received_at, id limit $2`,
        [form.name, digestSize],
      );
      if (held.length === 0) return undefined;
      if (!(await takeRateLimitSlot(tx, rule, everyClient)).taken) return undefined;
      const alerts: HeldAlert[] = held.map((row) => ({
        name: row.name,
        email: row.email,
        about: row.about,
        receivedAt: row.received_at,
      }));
      const email = await queueEmail(
        tx,
        form.officeAlert.kind,
        officeAlertDigestMessage(form.officeAlert, alerts, rule.limit, siteUrl()),
      );
      await tx.query('delete from app_private.held_office_alerts where id = any($1)', [
        held.map((row) => row.id),
      ]);
      return email;
    });
    if (id) queued.push(id);
  }
  return queued;
}
