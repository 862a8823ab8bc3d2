import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { outboxDirectory } from './email.ts';

/** A file a message carries, its content decoded as UTF-8 text, and its bytes as sent (a PDF's). */
export type OutboxAttachment = { filename: string; contentType: string; content: string; bytes: Buffer };

export type OutboxMessage = {
  file: string;
  to: string;
  /** Empty when the message has none. */
  replyTo: string;
  subject: string;
  date: string;
  text: string;
  /** The files it carries (a confirmation's `.ics`); empty when none. */
  attachments: OutboxAttachment[];
};

/** A message or a part of one: its headers unfolded, and its body as written. */
function splitPart(raw: string): { header: (name: string) => string; body: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, ' ');
  const body = split < 0 ? '' : raw.slice(split + 4);
  return {
    header: (name) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '',
    body,
  };
}

/** A part's body as bytes, by its Content-Transfer-Encoding: base64 decoded, anything else as written. */
function decodeBytes(encoding: string, body: string): Buffer {
  return /^base64$/i.test(encoding)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
    : Buffer.from(body, 'utf8');
}

/** A part's body as text, by its Content-Transfer-Encoding (base64, quoted-printable or none). */
function decodeBody(encoding: string, body: string): string {
  if (/^base64$/i.test(encoding)) return decodeBytes(encoding, body).toString('utf8');
  if (/^quoted-printable$/i.test(encoding)) {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/**
 * The headers a person needs, the text body decoded (sendEmail writes it base64-encoded) and the files
 * attached: a message with attachments is multipart/mixed, its text the first text/plain part.
 */
function parseOutboxMessage(file: string, raw: string): OutboxMessage {
  const { header, body } = splitPart(raw);
  const message = {
    file,
    to: decodeWords(header('To')),
    replyTo: decodeWords(header('Reply-To')),
    subject: decodeWords(header('Subject')),
    date: header('Date'),
  };
  const boundary = /^multipart\/[^;]+;.*boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
  if (!boundary) {
    return { ...message, text: decodeBody(header('Content-Transfer-Encoding'), body), attachments: [] };
  }
  let text = '';
  const attachments: OutboxAttachment[] = [];
  // Each part follows a `--boundary` line; the closing one is `--boundary--`.
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const part = splitPart(chunk.replace(/^\r\n/, '').replace(/\r\n$/, ''));
    const content = decodeBody(part.header('Content-Transfer-Encoding'), part.body);
    const filename = /filename="?([^";]+)"?/i.exec(part.header('Content-Disposition'))?.[1];
    if (filename) {
      const contentType = part.header('Content-Type').split(';')[0]?.trim() ?? '';
      const bytes = decodeBytes(part.header('Content-Transfer-Encoding'), part.body);
      attachments.push({ filename: decodeWords(filename), contentType, content, bytes });
    } else if (!text && /^text\/plain/i.test(part.header('Content-Type'))) {
      text = content;
    }
  }
  return { ...message, text, attachments };
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), which nodemailer uses for non-ASCII subjects. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9a-f]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** Every message in the outbox, oldest first. */
export async function readOutbox(directory = outboxDirectory()): Promise<OutboxMessage[]> {
  const names = (await readdir(directory).catch(() => [] as string[])).filter((name) =>
    name.endsWith('.eml'),
  );
  names.sort();
  return Promise.all(
    names.map(async (name) => parseOutboxMessage(name, await readFile(path.join(directory, name), 'utf8'))),
  );
}
