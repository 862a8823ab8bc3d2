import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as todayFunction from '../../netlify/functions/admin-today.mts';
import { todayAnswerSchema } from '../../src/features/admin/today-contract.ts';
import { serviceRole, withCaller } from '../../src/server/db/database.ts';
import { deliverDueEmails, queueEmail } from '../../src/server/email/delivery.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import { captureLog } from '../support/log-lines.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * The outbox against a real SMTP server (npm's `smtp-server`) started here on a free port: an email is
 * `sent` only once the server accepted it, a 4xx reply or a server that is down leaves it pending
 * for a later try, and a 5xx reply fails it at once, shown on the office's Today view.
 */

type Reply = 'accept' | { code: number; text: string };

let reply: Reply = 'accept';
const received: { to: string[]; message: string }[] = [];

function smtpError(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

const options: SMTPServerOptions = {
  authOptional: true,
  // Plain SMTP on the loopback: no certificate to make, and nodemailer tries no STARTTLS upgrade.
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(_address, _session, callback) {
    callback(reply === 'accept' ? undefined : smtpError(reply.code, reply.text));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map(({ address }) => address),
        message: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
};

let server: SMTPServer;
let smtpUrl: string;
let admin: Admin;

beforeAll(async () => {
  server = new SMTPServer(options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  admin = await signedInAdmin();
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(resolve));
});

afterEach(() => {
  reply = 'accept';
  delete process.env.SMTP_URL;
});

/** Queues one email about a booking of its own, as a service does, and answers both ids. */
async function queueOne(subject: string) {
  const booking = await insertBooking(ownerQuery, { property: madeUpProperty('smtp-villa') });
  const to = `guest-${crypto.randomUUID()}@example.com`;
  const id = await withCaller(serviceRole, (tx) =>
    queueEmail(
      tx,
      'booking_confirmed',
      { to, subject, text: 'Your stay is confirmed.' },
      {
        bookingRequestId: booking.id,
      },
    ),
  );
  return { id, to, bookingId: booking.id };
}

async function outboxRow(id: string) {
  const [row] = await ownerQuery<{
    status: string;
    attempts: number;
    last_error: string | null;
    sent_at: Date | null;
    wait: number;
  }>(
    `select status, attempts, last_error, sent_at,
            extract(epoch from next_attempt_at - now())::int as wait
     from public.email_outbox where id = $1`,
    [id],
  );
  return row;
}

/** Makes a pending email due now, as the clock reaching its next attempt would. */
const makeDue = (id: string) =>
  ownerQuery('update public.email_outbox set next_attempt_at = now() where id = $1', [id]);

describe('the outbox over SMTP', () => {
  it('marks an email sent once the server accepted it', async () => {
    process.env.SMTP_URL = smtpUrl;
    const email = await queueOne('Accepted by the server');
    expect(await deliverDueEmails({ only: [email.id] })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await outboxRow(email.id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    const message = received.find(({ to }) => to.includes(email.to));
    expect(message?.message).toContain('Subject: Accepted by the server');
  });

  it('tries again later after a 4xx reply, and sends on the next try', async () => {
    process.env.SMTP_URL = smtpUrl;
    reply = { code: 451, text: 'Greylisted, try again later' };
    const email = await queueOne('Greylisted first');
    const { result } = await captureLog(() => deliverDueEmails({ only: [email.id] }));
    expect(result).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const waiting = await outboxRow(email.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
    expect(waiting?.last_error).toMatch(/451/);
    // The first retry waits 30 s (delivery.ts' retryDelaySeconds).
    expect(waiting?.wait).toBeGreaterThan(20);
    expect(received.some(({ to }) => to.includes(email.to))).toBe(false);

    reply = 'accept';
    await makeDue(email.id);
    expect(await deliverDueEmails({ only: [email.id] })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await outboxRow(email.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(received.some(({ to }) => to.includes(email.to))).toBe(true);
  });

  it('fails an email at once on a 5xx reply, and shows it on the office’s Today view', async () => {
    process.env.SMTP_URL = smtpUrl;
    reply = { code: 550, text: 'No such mailbox here' };
    const email = await queueOne('Refused for good');
    const { result, lines } = await captureLog(() => deliverDueEmails({ only: [email.id] }));
    expect(result).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const failed = await outboxRow(email.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, sent_at: null });
    expect(failed?.last_error).toMatch(/550/);
    expect(lines).toContainEqual(
      expect.objectContaining({ emailId: email.id, msg: expect.stringContaining('refused for good') }),
    );

    const response = await invoke(
      todayFunction,
      adminRequest('GET', '/api/admin/today', { cookie: admin.cookie }),
    );
    const { failedEmails } = todayAnswerSchema.parse(await response.json());
    expect(failedEmails.rows).toContainEqual(
      expect.objectContaining({
        id: email.id,
        bookingRequestId: email.bookingId,
        recipient: email.to,
        status: 'failed',
        lastError: expect.stringMatching(/550/),
      }),
    );
    expect(failedEmails.count).toBeGreaterThanOrEqual(failedEmails.rows.length);
  });

  it('keeps an email pending while the server is down, and sends it once it is back', async () => {
    // A port nothing listens on: this server's, closed for the test's first half.
    const down = new SMTPServer(options);
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const port = (down.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => down.close(resolve));
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    const email = await queueOne('Sent after an outage');
    const { result } = await captureLog(() => deliverDueEmails({ only: [email.id] }));
    expect(result).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const waiting = await outboxRow(email.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, sent_at: null });
    expect(waiting?.last_error).toMatch(/ECONNREFUSED|connect/i);

    process.env.SMTP_URL = smtpUrl;
    await makeDue(email.id);
    expect(await deliverDueEmails({ only: [email.id] })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await outboxRow(email.id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('never marks an email sent in a production context without SMTP_URL', async () => {
    process.env.CONTEXT = 'production';
    try {
      const email = await queueOne('No mail server deployed');
      const { result } = await captureLog(() => deliverDueEmails({ only: [email.id] }));
      expect(result).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const waiting = await outboxRow(email.id);
      expect(waiting).toMatchObject({ status: 'pending', sent_at: null });
      expect(waiting?.last_error).toMatch(/SMTP_URL is not set/);
    } finally {
      delete process.env.CONTEXT;
    }
  });
});
