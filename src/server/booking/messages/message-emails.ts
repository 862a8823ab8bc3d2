import content from '../../../content/site.json' with { type: 'json' };
import { redactForEmail } from '../../../lib/email-redaction.ts';
import { accountMessagesPath, paths } from '../../../lib/paths.ts';
import type { Email } from '../../email/email.ts';
import { signature } from '../booking-emails.ts';

const { site } = content;

/**
 * Each side's email about a new message on a booking. The guest's carries the office's words, so the
 * answer arrives where the guest reads mail, with what would open a door or move money left out
 * (src/lib/email-redaction.ts) and a link that opens the conversation to answer. The office's says
 * where to read the guest's, never what it says: a guest may paste a passport number into a message,
 * and the office reads it on the dashboard anyway.
 */

/** The booking a message is on, as both emails name it. */
export type MessageAbout = { reference: string; propertyName: string };

/** The office's email: a guest wrote on a booking; read and answer it in the dashboard. */
export function messageToOffice(about: MessageAbout, siteUrl: string): Email {
  return {
    to: site.office.email,
    subject: `New message from the guest of ${about.reference}`,
    text: [
      `The guest of ${about.reference} (${about.propertyName}) has written to the office.`,
      '',
      `Read and answer it on the dashboard (search for ${about.reference}): ${siteUrl}${paths.admin}`,
    ].join('\n'),
  };
}

/**
 * The guest's email: the office's message on their booking, quoted, and the link that opens the
 * conversation to answer. `secrets` are the property's arrival pack's, which stay out of it.
 */
export function messageToGuest(
  about: MessageAbout & {
    name: string;
    to: string;
    bookingId: string;
    body: string;
    secrets: readonly string[];
  },
  siteUrl: string,
): Email {
  const { text, redacted } = redactForEmail(about.body, about.secrets);
  return {
    to: about.to,
    subject: `A message from ${site.brand} about your booking ${about.reference}`,
    text:
      [
        `Hello ${about.name},`,
        '',
        `We have written to you about your stay at ${about.propertyName} (${about.reference}):`,
        '',
        ...text.split(/\r?\n/).map((line) => `> ${line}`),
        '',
        ...(redacted
          ? [
              'Some details are left out of this email to keep them safe; the whole message is on your account page.',
              '',
            ]
          : []),
        `Answer it on your account page: ${siteUrl}${accountMessagesPath(about.bookingId)}`,
      ].join('\n') + signature,
  };
}
