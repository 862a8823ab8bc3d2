import content from '../../../content/site.json' with { type: 'json' };
import { paths } from '../../../lib/paths.ts';
import type { Email } from '../../email/email.ts';
import { signature } from '../booking-emails.ts';

const { site } = content;

/**
 * Each side's email about a new message on a booking. It says where to read it, never what it says:
 * the words stay on the site, behind the reader's sign-in, so nothing private travels by email.
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

/** The guest's email: the office wrote on their booking; read it on their account page. */
export function messageToGuest(about: MessageAbout & { name: string; to: string }, siteUrl: string): Email {
  return {
    to: about.to,
    subject: `A message from ${site.brand} about your booking ${about.reference}`,
    text:
      [
        `Hello ${about.name},`,
        '',
        `We have written to you about your stay at ${about.propertyName} (${about.reference}).`,
        '',
        `Read it and answer on your account page: ${siteUrl}${paths.account}`,
      ].join('\n') + signature,
  };
}
