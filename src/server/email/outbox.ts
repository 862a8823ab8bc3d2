import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { outboxDirectory } from './email.ts';

export type OutboxMessage = {
  file: string;
  to: string;
  /** Empty when the message has none. */
  replyTo: string;
  subject: string;
  date: string;
  text: string;
};

/** The headers a person needs, and the text body decoded (sendEmail writes it base64-encoded). */
function parseOutboxMessage(file: string, raw: string): OutboxMessage {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoded = /^content-transfer-encoding: base64$/im.test(head);
  return {
    file,
    to: decodeWords(header('To')),
    replyTo: decodeWords(header('Reply-To')),
    subject: decodeWords(header('Subject')),
    date: header('Date'),
    text: encoded ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body,
  };
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
