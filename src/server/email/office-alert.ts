import content from '../../content/site.json' with { type: 'json' };
import { officeTimeZone } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import type { Email } from './email.ts';

const { site } = content;

/** What a public form tells the office: who wrote, and every field they filled in. */
export type OfficeAlert = {
  /** What came in, for the subject and the first line: "Contact message", "Career application". */
  what: string;
  /** Added to the subject after the person's name, e.g. the position applied for. */
  about?: string;
  name: string;
  /** Empty when they gave none (a buyer may give only a phone number): the alert then has no Reply-To. */
  email: string;
  /** Label and value of each field, in the form's order; an empty value reads "(none)". */
  fields: [label: string, value: string | undefined][];
};

/**
 * The office's alert of a form post, to the office address the booking notice goes to, with Reply-To
 * the person's address so a reply answers them. Their name and address are single-line fields (the
 * forms refuse line breaks), and sendEmail flattens any control character left in a header, so nothing
 * typed can add a header; what they wrote stays in the body.
 */
export function officeAlertMessage(alert: OfficeAlert, siteUrl: string): Email {
  return {
    to: site.office.email,
    ...(alert.email ? { replyTo: alert.email } : {}),
    subject: `${alert.what} from ${alert.name}${alert.about ? `: ${alert.about}` : ''}`,
    text: [
      `${alert.what} from the website. Reply to this email to answer ${alert.name}.`,
      '',
      ...alert.fields.map(([label, value]) => `${label}: ${value || '(none)'}`),
      '',
      `It is on the admin dashboard: ${siteUrl}${paths.admin}`,
    ].join('\n'),
  };
}

/** One post whose alert was held for a digest: who sent it, what about, and when it came. */
export type HeldAlert = { name: string; email: string; about: string | null; receivedAt: Date };

const receivedAt = new Intl.DateTimeFormat('en-GB', {
  timeZone: officeTimeZone,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * One email to the office listing the posts of a form whose alerts were held because more came in an
 * hour than `perHour`: when each came (office time), who sent it and what about, and the dashboard,
 * where each is stored in full. No Reply-To: it answers no one person; each line has their address.
 */
export function officeAlertDigestMessage(
  form: { many: string },
  held: HeldAlert[],
  perHour: number,
  siteUrl: string,
): Email {
  const count = held.length;
  return {
    to: site.office.email,
    subject: `${count} ${form.many} listed together (more than ${perHour} came within an hour)`,
    text: [
      `More ${form.many} came from the website than the ${perHour} an hour we alert you of one by one, so`,
      `these ${count} are listed here together. Each is stored in full on the admin dashboard.`,
      '',
      ...held.map(
        (alert) =>
          `${receivedAt.format(alert.receivedAt)} IST  ${alert.name} <${alert.email}>${alert.about ? `: ${alert.about}` : ''}`,
      ),
      '',
      `They are on the admin dashboard: ${siteUrl}${paths.admin}`,
    ].join('\n'),
  };
}
