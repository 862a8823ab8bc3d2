import { beforeAll, describe, expect, it } from 'vitest';
import * as accountMessages from '../../netlify/functions/account-booking-messages.mts';
import * as accountMessagesRead from '../../netlify/functions/account-booking-messages-read.mts';
import accountBookingRequests from '../../netlify/functions/account-booking-requests.mts';
import * as adminGuestList from '../../netlify/functions/admin-booking-guests.mts';
import * as adminMessages from '../../netlify/functions/admin-booking-messages.mts';
import * as adminMessagesRead from '../../netlify/functions/admin-booking-messages-read.mts';
import * as adminNotes from '../../netlify/functions/admin-booking-notes.mts';
import * as adminCollection from '../../netlify/functions/admin-collection.mts';
import * as adminItem from '../../netlify/functions/admin-collection-item.mts';
import { messageMaxLength } from '../../src/features/booking/booking-message-contract.ts';
import {
  accountMessagesRoute,
  adminGuestListRoute,
  adminMessagesRoute,
  messagesReadRoute,
} from '../../src/lib/api-contract.ts';
import { siteUrl } from '../../src/server/config.ts';
import {
  accountIdOf,
  asClient,
  emailsTo,
  type Guest,
  getWithCookies,
  signedInGuest,
} from '../support/accounts.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * The conversation on a booking: its guest writes from the account page and the office answers from
 * the dashboard; each side is emailed a link (never the words), unread counts move on both sides, a
 * double send stores one message, and nobody else reads or writes it.
 */

type Thread = {
  reference: string;
  messages: { id: string; author: string; body: string; createdAt: string; isNew: boolean }[];
};

let guest: Guest & { cookie: string };
let other: Guest & { cookie: string };
let office: Admin;
let booking = { id: '', reference: '', property: '' };

const asGuest = (
  cookie: string,
  method: string,
  id: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => {
  const request = adminRequest(method, accountMessagesRoute(id), { cookie, body });
  for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
  return invoke(accountMessages, request);
};

const asOffice = (method: string, id: string, body?: unknown) =>
  invoke(adminMessages, adminRequest(method, adminMessagesRoute(id), { cookie: office.cookie, body }));

/** Marks read what the other side wrote, as the conversation does once it has shown it. */
const markRead = (side: 'guest' | 'office', cookie: string, id: string) =>
  side === 'guest'
    ? invoke(
        accountMessagesRead,
        adminRequest('POST', messagesReadRoute(accountMessagesRoute(id)), { cookie }),
      )
    : invoke(adminMessagesRead, adminRequest('POST', messagesReadRoute(adminMessagesRoute(id)), { cookie }));

async function unreadOnAccount(cookie: string, id: string): Promise<number | undefined> {
  const response = await accountBookingRequests(
    getWithCookies('/api/account/booking-requests', cookie),
    asClient(),
  );
  const { bookingRequests } = (await response.json()) as {
    bookingRequests: { id: string; unreadMessages: number }[];
  };
  return bookingRequests.find((request) => request.id === id)?.unreadMessages;
}

async function unreadInOfficeList(id: string): Promise<unknown> {
  const response = await invoke(
    adminCollection,
    adminRequest('GET', `/api/admin/booking-requests?q=${booking.reference}`, { cookie: office.cookie }),
  );
  const { items } = (await response.json()) as { items: { id: string; unreadMessages: unknown }[] };
  return items.find((item) => item.id === id)?.unreadMessages;
}

const outboxRows = (kind: string) =>
  ownerQuery<{ recipient: string; body: string | null }>(
    'select recipient, body from email_outbox where booking_request_id = $1 and kind = $2 order by created_at',
    [booking.id, kind],
  );

beforeAll(async () => {
  [guest, other, office] = [await signedInGuest(), await signedInGuest(), await signedInAdmin()];
  const property = madeUpProperty('messages-villa');
  booking = {
    property,
    ...(await insertBooking(ownerQuery, {
      userId: await accountIdOf(guest.email),
      name: guest.name,
      email: guest.email,
      property,
      status: 'confirmed',
      statusChangedAt: 'now',
    })),
  };
});

describe('messages on a booking', () => {
  it('let the guest write to the office, who is emailed a link and not the words', async () => {
    const empty = await asGuest(guest.cookie, 'GET', booking.id);
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ reference: booking.reference, messages: [] });

    const sent = await asGuest(guest.cookie, 'POST', booking.id, {
      body: 'Can we arrive at 10 pm?\nThe flight lands late.',
    });
    expect(sent.status).toBe(201);
    const thread = (await sent.json()) as Thread;
    expect(thread.messages).toEqual([
      {
        id: expect.any(String),
        author: 'guest',
        body: 'Can we arrive at 10 pm?\nThe flight lands late.',
        createdAt: expect.stringMatching(/Z$/),
        isNew: false,
      },
    ]);
    const [alert] = await outboxRows('message_to_office');
    expect(alert?.body).toContain(booking.reference);
    expect(alert?.body).toContain('/admin');
    expect(alert?.body).not.toContain('10 pm');
  });

  it('count the guest’s message unread in the office’s list until the office reads it', async () => {
    expect(await unreadInOfficeList(booking.id)).toBe(1);
    const detail = await invoke(
      adminItem,
      adminRequest('GET', `/api/admin/booking-requests/${booking.id}`, { cookie: office.cookie }),
    );
    expect(((await detail.json()) as { item: { unreadMessages: unknown } }).item.unreadMessages).toBe(1);

    // Reading changes nothing: twice read, still new, until the dashboard says it was shown.
    for (let time = 0; time < 2; time++) {
      const read = (await (await asOffice('GET', booking.id)).json()) as Thread;
      expect(read.messages.map(({ author, isNew }) => ({ author, isNew }))).toEqual([
        { author: 'guest', isNew: true },
      ]);
    }
    expect(await unreadInOfficeList(booking.id)).toBe(1);
    const marked = await markRead('office', office.cookie, booking.id);
    expect(marked.status).toBe(200);
    expect(((await marked.json()) as Thread).messages[0]?.isNew).toBe(false);
    expect(await unreadInOfficeList(booking.id)).toBeNull();
    const again = (await (await asOffice('GET', booking.id)).json()) as Thread;
    expect(again.messages[0]?.isNew).toBe(false);
  });

  it('let the office answer, emailing the guest its words and a link to answer, and count it unread on the guest’s card', async () => {
    const answered = await asOffice('POST', booking.id, {
      body: 'Of course: the caretaker will wait for you.\nSafe travels!',
    });
    expect(answered.status).toBe(201);
    expect(((await answered.json()) as Thread).messages.map(({ author }) => author)).toEqual([
      'guest',
      'office',
    ]);
    const [email] = await outboxRows('message_to_guest');
    expect(email?.recipient).toBe(guest.email);
    expect(email?.body).toContain('> Of course: the caretaker will wait for you.\n> Safe travels!');
    expect(email?.body).toContain(
      `Answer it on your account page: ${siteUrl()}/account?messages=${booking.id}`,
    );
    expect(email?.body).not.toContain('left out');
    expect((await emailsTo(guest.email)).some(({ subject }) => subject.includes(booking.reference))).toBe(
      true,
    );

    expect(await unreadOnAccount(guest.cookie, booking.id)).toBe(1);
    const read = (await (await asGuest(guest.cookie, 'GET', booking.id)).json()) as Thread;
    expect(read.messages.map(({ author, isNew }) => ({ author, isNew }))).toEqual([
      { author: 'guest', isNew: false },
      { author: 'office', isNew: true },
    ]);
    expect(await unreadOnAccount(guest.cookie, booking.id)).toBe(1);
    expect((await markRead('guest', guest.cookie, booking.id)).status).toBe(200);
    expect(await unreadOnAccount(guest.cookie, booking.id)).toBe(0);
    expect((await markRead('guest', other.cookie, booking.id)).status).toBe(404);
  });

  it('leave the arrival pack’s secrets, card and passport numbers out of the guest’s email, never out of the message', async () => {
    await ownerQuery(
      `insert into arrival_packs (property, address, latitude, longitude, directions_from_cok, directions_from_trv,
         check_in_steps, caretaker_phone, wifi_name, wifi_password, house_manual, updated_by)
       values ($1, 'Cliff Road', 8.4, 76.9, 'Taxi', 'Taxi', 'The key safe by the door opens with 4821.',
         '+91 98470 33333', 'Villa', 'Backwater-Breeze-9', 'Manual', $2)`,
      [booking.property, office.id],
    );
    const body =
      'The Wi-Fi is Backwater-Breeze-9, the key safe 4821, Suresh on +91 98470 33333. We have passport K4817263; card 4242 4242 4242 4242 is refunded.';
    expect((await asOffice('POST', booking.id, { body })).status).toBe(201);
    const emails = await outboxRows('message_to_guest');
    const text = emails.at(-1)?.body ?? '';
    for (const secret of ['Backwater-Breeze-9', '4821', '98470 33333', 'K4817263', '4242'])
      expect(text).not.toContain(secret);
    expect(text).toContain('The Wi-Fi is [left out of this email: read it on your account page]');
    expect(text).toContain('Some details are left out of this email to keep them safe');
    const thread = (await (await asGuest(guest.cookie, 'GET', booking.id)).json()) as Thread;
    expect(thread.messages.at(-1)?.body).toBe(body);
  });

  it('store one message for a double send with the same Idempotency-Key', async () => {
    const key = `double-${crypto.randomUUID()}`;
    const body = { body: `Sent twice ${key}` };
    const [first, second] = await Promise.all([
      asGuest(guest.cookie, 'POST', booking.id, body, { 'idempotency-key': key }),
      asGuest(guest.cookie, 'POST', booking.id, body, { 'idempotency-key': key }),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    const stored = await ownerQuery(
      'select id from booking_messages where booking_request_id = $1 and body = $2',
      [booking.id, body.body],
    );
    expect(stored).toHaveLength(1);
    expect(await outboxRows('message_to_office')).toHaveLength(2);
  });

  it('keep the office’s notes out of the guest’s conversation', async () => {
    const noted = await invoke(
      adminNotes,
      adminRequest('POST', `/api/admin/booking-requests/${booking.id}/notes`, {
        cookie: office.cookie,
        body: { body: 'Internal: guest was rude on the phone' },
      }),
    );
    expect(noted.status).toBe(201);
    const thread = await (await asGuest(guest.cookie, 'GET', booking.id)).text();
    expect(thread).not.toContain('Internal');
  });

  it('answer another guest 404, for reading and for writing, and store nothing', async () => {
    expect((await asGuest(other.cookie, 'GET', booking.id)).status).toBe(404);
    expect((await asGuest(other.cookie, 'POST', booking.id, { body: 'Hello from a stranger' })).status).toBe(
      404,
    );
    expect((await asGuest(guest.cookie, 'GET', 'not-a-uuid')).status).toBe(404);
    expect((await asGuest(guest.cookie, 'GET', crypto.randomUUID())).status).toBe(404);
    expect(
      await ownerQuery('select id from booking_messages where body = $1', ['Hello from a stranger']),
    ).toHaveLength(0);
  });

  it('answer 404 for a booking in the trash, to its guest and to the office', async () => {
    const trashed = await insertBooking(ownerQuery, {
      userId: await accountIdOf(guest.email),
      property: madeUpProperty('messages-villa'),
      deletedAt: new Date().toISOString(),
    });
    expect((await asGuest(guest.cookie, 'POST', trashed.id, { body: 'Still there?' })).status).toBe(404);
    expect((await asOffice('GET', trashed.id)).status).toBe(404);
  });

  it('refuse a signed-out visitor with 401 and a guest on the office’s side with 403', async () => {
    expect((await asGuest('', 'GET', booking.id)).status).toBe(401);
    expect((await asGuest('', 'POST', booking.id, { body: 'Hi' })).status).toBe(401);
    const asGuestOnOfficeSide = await invoke(
      adminMessages,
      adminRequest('POST', adminMessagesRoute(booking.id), { cookie: guest.cookie, body: { body: 'Hi' } }),
    );
    expect(asGuestOnOfficeSide.status).toBe(403);
  });

  it.each([
    ['control characters', 'Hello\u0007there', /control|character/i],
    ['oversize text', 'x'.repeat(messageMaxLength + 1), /at most 2000/],
    ['an empty message', '   ', /Enter your message/],
  ])('refuse %s with a field message (422)', async (_name, body, message) => {
    for (const response of [
      await asGuest(guest.cookie, 'POST', booking.id, { body }),
      await asOffice('POST', booking.id, { body }),
    ]) {
      expect(response.status).toBe(422);
      const { error } = (await response.json()) as { error: { fields: Record<string, string> } };
      expect(error.fields.body).toMatch(message);
    }
  });
});

describe('messages within reason', () => {
  let quiet = { id: '', reference: '' };
  let writer: Guest & { cookie: string };

  beforeAll(async () => {
    writer = await signedInGuest();
    quiet = await insertBooking(ownerQuery, {
      userId: await accountIdOf(writer.email),
      name: writer.name,
      email: writer.email,
      property: madeUpProperty('messages-villa'),
      status: 'declined',
    });
  });

  const officeAlerts = async () =>
    (
      await ownerQuery<{ count: number }>(
        `select count(*)::int as count from email_outbox where booking_request_id = $1 and kind = 'message_to_office'`,
        [quiet.id],
      )
    )[0]?.count;

  it('email the office once per unread batch, and again once the office has read it', async () => {
    for (let n = 1; n <= 3; n++) {
      expect((await asGuest(writer.cookie, 'POST', quiet.id, { body: `Question ${n}` })).status).toBe(201);
    }
    expect(await officeAlerts()).toBe(1);
    expect((await markRead('office', office.cookie, quiet.id)).status).toBe(200);
    expect((await asGuest(writer.cookie, 'POST', quiet.id, { body: 'Question 4' })).status).toBe(201);
    expect(await officeAlerts()).toBe(2);
  });

  it('refuse a guest writing faster than a person does (429 with Retry-After and words), storing nothing more', async () => {
    const answers = [];
    for (let n = 0; n < 10; n++) {
      answers.push(await asGuest(writer.cookie, 'POST', quiet.id, { body: `Flood ${n}` }));
    }
    // Four went above: a booking takes ten in ten minutes.
    expect(answers.map(({ status }) => status)).toEqual([...Array(6).fill(201), ...Array(4).fill(429)]);
    const refused = answers.at(-1) as Response;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500);
    const { error } = (await refused.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('rate_limited');
    expect(error.message).toContain('we have every one of them');
    const [{ stored } = { stored: 0 }] = await ownerQuery<{ stored: number }>(
      `select count(*)::int as stored from booking_messages where booking_request_id = $1 and body like 'Flood %'`,
      [quiet.id],
    );
    expect(stored).toBe(6);
    expect(await officeAlerts()).toBe(2);
    // The office is not limited: it answers as often as it must.
    for (let n = 0; n < 12; n++)
      expect((await asOffice('POST', quiet.id, { body: `Answer ${n}` })).status).toBe(201);
  });
});

describe('reads from another site', () => {
  it('refuse a link elsewhere that the office follows (Sec-Fetch-Site: cross-site), marking nothing and auditing no guest list', async () => {
    expect((await asGuest(guest.cookie, 'POST', booking.id, { body: 'Unread, and staying so' })).status).toBe(
      201,
    );
    const before = await unreadInOfficeList(booking.id);
    expect(before).toBeGreaterThan(0);
    const audits = async () =>
      (
        await ownerQuery<{ count: number }>(
          'select count(*)::int as count from guest_list_reads where booking_request_id = $1',
          [booking.id],
        )
      )[0]?.count;
    const auditsBefore = await audits();
    for (const site of ['cross-site', 'same-site']) {
      for (const [fn, route] of [
        [adminMessages, adminMessagesRoute(booking.id)],
        [adminGuestList, adminGuestListRoute(booking.id)],
      ] as const) {
        const request = adminRequest('GET', route, { cookie: office.cookie });
        request.headers.set('sec-fetch-site', site);
        const answer = await invoke(fn, request);
        expect(answer.status).toBe(403);
        expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('cross_site');
      }
    }
    expect(await unreadInOfficeList(booking.id)).toBe(before);
    expect(await audits()).toBe(auditsBefore);
    // From the dashboard itself it opens.
    const own = adminRequest('GET', adminMessagesRoute(booking.id), { cookie: office.cookie });
    own.headers.set('sec-fetch-site', 'same-origin');
    expect((await invoke(adminMessages, own)).status).toBe(200);
  });
});
