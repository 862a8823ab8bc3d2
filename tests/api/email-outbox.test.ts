// Two workers at once need two connections; a function's pool has one (src/server/db/database.ts).
process.env.DB_POOL_MAX = '4';

import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as itemFunction from '../../netlify/functions/admin-collection-item.mts';
import forgotPassword from '../../netlify/functions/auth-forgot-password.mts';
import register from '../../netlify/functions/auth-register.mts';
import sendBookingRequest from '../../netlify/functions/booking-requests.mts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { emailStatuses } from '../../src/lib/email-statuses.ts';
import { bookingHorizonDays } from '../../src/lib/stay-rules.ts';
import { serviceRole, withCaller } from '../../src/server/db/database.ts';
import {
  deliverDueEmails,
  deliveryRules,
  type EmailKind,
  emailKinds,
  queueEmail,
  registerAttachmentPreparer,
} from '../../src/server/email/delivery.ts';
import type { Email } from '../../src/server/email/email.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { asClient, type Guest, newGuest, signedInGuest } from '../support/accounts.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { jsonPost } from '../support/requests.ts';
import { pickDaysClearOfChangeovers } from '../support/seasons.ts';
import { asRole, insertBookingRequest, ownerQuery } from '../support/sql.ts';

/**
 * No email is lost: every email is a row of public.email_outbox, written in the transaction of what it
 * is about and sent by a worker that retries. The mail server is the one thing outside: it is made to
 * fail by pointing SMTP_URL at a port nobody listens on, or replaced by a transport the test controls.
 */

// Nothing listens here (a port of this test's own range), so nodemailer's connection is refused.
const deadMailServer = 'smtp://127.0.0.1:8959';

const today = todayInKerala();
// A villa no other test file confirms stays of (the database is shared), and a stretch of its
// calendar of this run's own, as in booking-requests.test.ts.
const villa = 'varkala-clifftop-villa';
const firstDay = pickDaysClearOfChangeovers(today, {
  earliest: 60,
  latest: bookingHorizonDays - 120,
  span: 120,
});
const day = (n: number) => addDays(today, firstDay + n);

type OutboxRow = {
  id: string;
  kind: EmailKind;
  recipient: string;
  status: string;
  attempts: number;
  last_error: string | null;
  body: string | null;
  waits_seconds: number;
};

function outboxRows(where: string, values: unknown[]): Promise<OutboxRow[]> {
  return ownerQuery<OutboxRow>(
    `select id, kind, recipient, status, attempts, last_error, body,
            extract(epoch from next_attempt_at - now())::float8 as waits_seconds
     from email_outbox where ${where} order by kind`,
    values,
  );
}

const emailsAbout = (bookingRequestId: string) => outboxRows('booking_request_id = $1', [bookingRequestId]);

function requestStay(guest: Guest & { cookie: string }, arrival: string, departure: string) {
  return sendBookingRequest(
    jsonPost(
      '/api/booking-requests',
      {
        property: villa,
        arrival,
        departure,
        guests: 4,
        name: guest.name,
        email: guest.email,
        phone: '+91 98470 12345',
        city: 'Kochi',
      },
      { cookie: guest.cookie },
    ),
    asClient(),
  );
}

/** The office's notices of the booking request with this reference in the local outbox. */
const officeNoticesOf = async (reference: string) =>
  (await readOutbox()).filter((message) => message.subject.startsWith(`New booking request ${reference}:`));

/** Runs `work` while the mail server refuses every connection, as when it is down. */
async function whileMailServerIsDown<T>(work: () => Promise<T>): Promise<T> {
  process.env.SMTP_URL = deadMailServer;
  try {
    return await work();
  } finally {
    delete process.env.SMTP_URL;
  }
}

/** Makes queued emails due now, as if their retry delay had passed. */
const makeDue = (ids: string[]) =>
  ownerQuery('update email_outbox set next_attempt_at = now() where id = any($1)', [ids]);

function queue(count: number, kind: EmailKind = 'existing_account'): Promise<string[]> {
  const to = `outbox+${crypto.randomUUID()}@example.com`;
  return withCaller(serviceRole, async (tx) => {
    const ids: string[] = [];
    for (let n = 0; n < count; n++) {
      ids.push(await queueEmail(tx, kind, { to, subject: `Queued ${n + 1}`, text: `Message ${n + 1}` }));
    }
    return ids;
  });
}

let guest: Guest & { cookie: string };
let admin: Admin;

beforeAll(async () => {
  [guest, admin] = await Promise.all([signedInGuest(), signedInAdmin()]);
});

afterEach(() => {
  delete process.env.SMTP_URL;
});

describe('the emails about a booking request', () => {
  it('are queued with the booking request in its transaction and sent before the guest gets the answer', async () => {
    const response = await requestStay(guest, day(0), day(7));
    expect(response.status).toBe(201);
    const { id, reference } = (await response.json()) as { id: string; reference: string };

    const rows = await emailsAbout(id);
    expect(rows.map((row) => [row.kind, row.status, row.attempts])).toEqual([
      ['booking_guest_receipt', 'sent', 1],
      ['booking_office_notice', 'sent', 1],
    ]);
    expect(rows[0]?.recipient).toBe(guest.email);
    // The booking emails keep their text; only sign-in links and what forms carry are erased.
    expect(rows[1]?.body).toContain(`Reference: ${reference}`);
    expect(await officeNoticesOf(reference)).toHaveLength(1);
  });

  it('are not queued for a booking request that is refused', async () => {
    const other = await signedInGuest();
    await insertBookingRequest({ property: villa, arrival: day(20), status: 'confirmed' });
    const refused = await requestStay(other, day(22), day(29));
    expect(refused.status).toBe(409);
    expect(
      await outboxRows(`kind like 'booking%' and (recipient = $1 or reply_to = $1)`, [other.email]),
    ).toEqual([]);
  });

  it('leave no booking request behind when they cannot be queued', async () => {
    const other = await signedInGuest();
    // A fault in the database itself: the outbox refuses this guest's receipt.
    const trigger = `refuse_${crypto.randomUUID().replaceAll('-', '')}`;
    await ownerQuery(`create function public.${trigger}() returns trigger language plpgsql as $$
      begin
        if new.recipient = '${other.email}' then raise exception 'the outbox is full'; end if;
        return new;
      end $$`);
    await ownerQuery(
      `create trigger ${trigger} before insert on email_outbox for each row execute function public.${trigger}()`,
    );
    try {
      const response = await requestStay(other, day(40), day(47));
      expect(response.status).toBeGreaterThanOrEqual(500);
    } finally {
      await ownerQuery(`drop trigger ${trigger} on email_outbox`);
      await ownerQuery(`drop function public.${trigger}()`);
    }
    expect(await ownerQuery('select id from booking_requests where email = $1', [other.email])).toEqual([]);
    expect(await outboxRows('reply_to = $1', [other.email])).toEqual([]);
  });

  it('stay pending with a later attempt while the mail server is down, and are sent once it is back', async () => {
    const response = await whileMailServerIsDown(() => requestStay(guest, day(60), day(67)));
    // The booking stands: a mail server that is down is no reason for the guest to try again.
    expect(response.status).toBe(201);
    const { id, reference } = (await response.json()) as { id: string; reference: string };

    const waiting = await emailsAbout(id);
    expect(waiting.map((row) => [row.status, row.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    for (const row of waiting) {
      expect(row.last_error).toMatch(/ECONNREFUSED/);
      // The first retry waits 30 s.
      expect(row.waits_seconds).toBeGreaterThan(20);
      expect(row.waits_seconds).toBeLessThanOrEqual(deliveryRules.firstRetrySeconds);
    }
    expect(await officeNoticesOf(reference)).toEqual([]);

    // Not yet due: the worker leaves them alone.
    const ids = waiting.map((row) => row.id);
    expect(await deliverDueEmails({ only: ids })).toEqual({ sent: 0, retrying: 0, failed: 0 });

    await makeDue(ids);
    expect(await deliverDueEmails({ only: ids })).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect((await emailsAbout(id)).map((row) => [row.status, row.attempts, row.last_error])).toEqual([
      ['sent', 2, null],
      ['sent', 2, null],
    ]);
    expect(await officeNoticesOf(reference)).toHaveLength(1);
  });
});

describe('the email worker', () => {
  it('sends each email once when two workers run at the same time', async () => {
    const ids = await queue(8);
    const sent: string[] = [];
    const slowTransport = async (email: Email) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      sent.push(email.subject);
    };
    const reports = await Promise.all([
      deliverDueEmails({ only: ids, send: slowTransport }),
      deliverDueEmails({ only: ids, send: slowTransport }),
    ]);
    expect(sent.sort()).toEqual(Array.from({ length: 8 }, (_, n) => `Queued ${n + 1}`).sort());
    expect(reports.reduce((total, report) => total + report.sent, 0)).toBe(8);
    const rows = await outboxRows('id = any($1)', [ids]);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('backs off after each failure and marks the email failed after the last attempt', async () => {
    const [id] = await queue(1);
    const refusing = async () => {
      throw new Error('421 Service not available, closing transmission channel');
    };
    const rules = { ...deliveryRules, maxAttempts: 3 };
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const report = await deliverDueEmails({ only: [id as string], send: refusing, rules });
      expect(report).toEqual(
        attempt < 3 ? { sent: 0, retrying: 1, failed: 0 } : { sent: 0, retrying: 0, failed: 1 },
      );
      const [row] = await outboxRows('id = $1', [id]);
      waits.push(Math.round(row?.waits_seconds ?? 0));
      await makeDue([id as string]);
    }
    // 30 s, then 60 s; the last failure leaves it failed.
    expect(waits.slice(0, 2)).toEqual([30, 60]);
    const [failed] = await outboxRows('id = $1', [id]);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: expect.stringMatching(/^421 /),
    });
    // A failed email is not tried again.
    expect(await deliverDueEmails({ only: [id as string], send: refusing, rules })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
  });
});

describe('an email that waits for its file', () => {
  const queueWaiting = (kind: string, subject: string) =>
    withCaller(serviceRole, (tx) =>
      queueEmail(
        tx,
        'payment_receipt',
        { to: `waiting.${crypto.randomUUID()}@example.com`, subject, text: 'Your receipt is attached.' },
        { attachmentPending: { kind, note: subject } },
      ),
    );

  it('has the file made as it is sent, keeps it for a retry, and sends it once', async () => {
    let made = 0;
    registerAttachmentPreparer('test-file', async (_tx, pending) => {
      made += 1;
      return {
        filename: `${String(pending.note)}.txt`,
        contentType: 'text/plain',
        content: 'made at sending',
      };
    });
    const id = await queueWaiting('test-file', 'made-later');
    const sent: Email[] = [];
    const refusingOnce = async (email: Email) => {
      if (sent.length === 0 && made === 1 && !refusingOnce.failed) {
        refusingOnce.failed = true;
        throw new Error('451 try again later');
      }
      sent.push(email);
    };
    refusingOnce.failed = false;
    expect(await deliverDueEmails({ only: [id], send: refusingOnce })).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
    });
    await makeDue([id]);
    expect(await deliverDueEmails({ only: [id], send: refusingOnce })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });
    // Made once, before the first try; the retry sent the bytes stored with the email.
    expect(made).toBe(1);
    expect(sent[0]?.attachments).toEqual([
      { filename: 'made-later.txt', contentType: 'text/plain', content: 'made at sending' },
    ]);
    const [row] = await ownerQuery<{ attachment_pending: unknown }>(
      'select attachment_pending from email_outbox where id = $1',
      [id],
    );
    expect(row?.attachment_pending).toBeNull();
  });

  it('stays pending for the retries while its file cannot be made, never sent without it', async () => {
    registerAttachmentPreparer('failing-file', async () => {
      throw new Error('the PDF could not be rendered');
    });
    const id = await queueWaiting('failing-file', 'not-yet');
    const sent: Email[] = [];
    const report = await deliverDueEmails({ only: [id], send: async (email) => void sent.push(email) });
    expect(report).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(sent).toEqual([]);
    const [row] = await outboxRows('id = $1', [id]);
    expect(row).toMatchObject({ status: 'pending', last_error: 'the PDF could not be rendered' });
  });
});

describe('account emails', () => {
  it('are queued with the token they carry, and their link is erased from the outbox once sent', async () => {
    const someone = newGuest();
    expect((await register(jsonPost('/api/auth/register', someone), asClient())).status).toBe(201);
    expect((await forgotPassword(jsonPost('/api/auth/forgot-password', someone), asClient())).status).toBe(
      202,
    );
    const rows = await outboxRows('recipient = $1', [someone.email]);
    expect(rows.map((row) => [row.kind, row.status, row.body])).toEqual([
      ['confirm_email', 'sent', null],
      ['reset_password', 'sent', null],
    ]);
  });
});

describe('the booking request detail on the dashboard', () => {
  const detail = async (id: string) => {
    const response = await invoke(
      itemFunction,
      adminRequest('GET', `/api/admin/booking-requests/${id}`, { cookie: admin.cookie }),
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { emails: Record<string, unknown>[] }).emails;
  };

  it('shows each email about the request as pending with its error and attempts, then as sent', async () => {
    const response = await whileMailServerIsDown(() => requestStay(guest, day(80), day(87)));
    const { id } = (await response.json()) as { id: string };

    const pending = await detail(id);
    expect(pending).toEqual([
      expect.objectContaining({ kind: 'booking_guest_receipt', status: 'pending', attempts: 1 }),
      expect.objectContaining({ kind: 'booking_office_notice', status: 'pending', attempts: 1 }),
    ]);
    for (const email of pending) {
      expect(email.lastError).toMatch(/ECONNREFUSED/);
      expect(Date.parse(email.nextAttemptAt as string)).toBeGreaterThan(Date.now());
      // The dashboard never gets the text.
      expect(email).not.toHaveProperty('body');
      expect(email).not.toHaveProperty('text');
    }

    await makeDue(pending.map((email) => email.id as string));
    await deliverDueEmails({ only: pending.map((email) => email.id as string) });
    const sent = await detail(id);
    expect(sent.map((email) => [email.status, email.lastError, email.nextAttemptAt])).toEqual([
      ['sent', null, null],
      ['sent', null, null],
    ]);
    expect(sent.every((email) => typeof email.sentAt === 'string')).toBe(true);
  });
});

describe('email_outbox in the database', () => {
  const adminClaims = () => ({ sub: admin.id, role: 'authenticated', app_metadata: { role: 'admin' } });
  const guestClaims = { sub: crypto.randomUUID(), role: 'authenticated', app_metadata: {} };

  it('lets admins read how the booking emails went, without their text, and nobody else read anything', async () => {
    const bookingRequestId = await insertBookingRequest();
    const [bookingEmail, accountEmail] = await withCaller(serviceRole, async (tx) => [
      await queueEmail(
        tx,
        'booking_guest_receipt',
        { to: 'a@example.com', subject: 'S', text: 'T' },
        { bookingRequestId },
      ),
      await queueEmail(tx, 'reset_password', { to: 'a@example.com', subject: 'S', text: 'a secret link' }),
    ]);
    const visible = (role: 'anon' | 'authenticated', claims: Record<string, unknown>) =>
      asRole(role, claims, async (db) =>
        (
          await db.query<{ id: string }>('select id, status from email_outbox where id = any($1)', [
            [bookingEmail, accountEmail],
          ])
        ).rows.map((row) => row.id),
      );
    await expect(visible('anon', { role: 'anon' })).rejects.toThrow(/permission denied/);
    expect(await visible('authenticated', guestClaims)).toEqual([]);
    expect(await visible('authenticated', adminClaims())).toEqual([bookingEmail]);

    for (const statement of [
      'select body from email_outbox',
      `update email_outbox set status = 'sent', sent_at = now()`,
      'delete from email_outbox',
      `insert into email_outbox (kind, recipient, subject, body) values ('existing_account', 'x@example.com', 'S', 'T')`,
    ]) {
      await expect(
        asRole('authenticated', adminClaims(), (db) => db.query(statement)),
        statement,
      ).rejects.toThrow(/permission denied/);
    }
  });

  it('checks the same statuses and kinds as the code', async () => {
    const [row] = await ownerQuery<{ statuses: string; kinds: string }>(
      `select
         (select pg_get_constraintdef(oid) from pg_constraint
          where conrelid = 'public.email_outbox'::regclass and conname = 'email_outbox_status_check') as statuses,
         (select pg_get_constraintdef(oid) from pg_constraint
          where conrelid = 'public.email_outbox'::regclass and conname = 'email_outbox_kind_check') as kinds`,
    );
    const listed = (definition = '') =>
      [...definition.matchAll(/'([a-z_]+)'::text/g)].map((match) => match[1]);
    expect(listed(row?.statuses)).toEqual([...emailStatuses]);
    expect(listed(row?.kinds)).toEqual([...emailKinds]);
  });
});
