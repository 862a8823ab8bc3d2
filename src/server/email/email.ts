import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { isProductionContext } from '../config.ts';

/**
 * A file an email carries: its content as text (an `.ics`), or a binary file's bytes in base64 (a PDF
 * receipt) with `encoding: 'base64'`.
 */
export type EmailAttachment = {
  filename: string;
  contentType: string;
  content: string;
  encoding?: 'base64';
};

export type Email = {
  to: string;
  subject: string;
  /** Plain text: every message the site sends reads well without HTML. */
  text: string;
  replyTo?: string;
  attachments?: EmailAttachment[];
};

/**
 * A header's text on one line: every control character (line breaks included) and Unicode line or
 * paragraph separator becomes a space. Subjects quote what people typed (a name), and a line break in
 * a header would start a header of its own.
 */
export function toHeaderText(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ');
}

/**
 * The Reply-To address as nodemailer should take it: an address object, never a string it would parse
 * for display names and lists, and none at all when the text is not one plain address.
 */
function toReplyTo(address: string | undefined): { name: string; address: string } | undefined {
  if (!address || !/^[^\s\p{Cc}@,;<>()"\\[\]:]+@[^\s\p{Cc}@,;<>()"\\[\]:]+$/u.test(address)) return undefined;
  return { name: '', address };
}

/** Where messages go when no SMTP server is configured: one `.eml` file per message. */
export function outboxDirectory(environment: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(environment.OUTBOX_DIR?.trim() || '.data/outbox');
}

function sender(environment: NodeJS.ProcessEnv): string {
  return environment.EMAIL_FROM?.trim() || 'Kayal Villas <office@kayalvillas.example>';
}

/**
 * Sends with `SMTP_URL` (smtps://user:pass@host:465), resolving once the server accepted the message
 * and throwing its refusal (nodemailer's error, with the reply's `responseCode`) otherwise. Without it,
 * and only outside a production context, writes the message to the outbox folder so the whole flow
 * can be tried and tested on one machine. Either way the message is
 * built by nodemailer, so the outbox holds exactly what would have been sent.
 */
export async function sendEmail(email: Email, environment: NodeJS.ProcessEnv = process.env): Promise<void> {
  const message = {
    from: sender(environment),
    to: email.to,
    replyTo: toReplyTo(email.replyTo),
    subject: toHeaderText(email.subject),
    text: email.text,
    // Base64 rather than quoted-printable, so a reader of the outbox can decode it in one step.
    textEncoding: 'base64' as const,
    attachments: email.attachments?.map(({ filename, contentType, content, encoding }) => ({
      filename,
      contentType,
      content,
      encoding: encoding ?? 'utf8',
      contentTransferEncoding: 'base64' as const,
    })),
  };
  const smtpUrl = environment.SMTP_URL?.trim();
  if (smtpUrl) {
    // nodemailer waits up to 10 minutes on a silent server by default; these keep one send well within
    // the outbox's lease (delivery.ts), so a slow server is never sent the same email twice.
    await nodemailer
      .createTransport({
        url: smtpUrl,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      })
      .sendMail(message);
    return;
  }
  if (isProductionContext(environment)) {
    // A deployed function's disk is thrown away: an email written there is lost, so it stays queued
    // (retried, then failed on the office's Today view) rather than being marked sent.
    throw new Error('SMTP_URL is not set: a deployed site has no mail server to send this email through');
  }
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
  const directory = outboxDirectory(environment);
  await mkdir(directory, { recursive: true });
  // Time first, so a directory listing is in the order the messages were sent.
  const name = `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID().slice(0, 8)}.eml`;
  await writeFile(path.join(directory, name), built.message as Buffer);
}
