import content from '../../content/site.json' with { type: 'json' };
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
    replyTo: alert.email,
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
