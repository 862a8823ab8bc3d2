import { beforeAll, describe, expect, it } from 'vitest';
import * as withdrawalFunction from '../../netlify/functions/account-booking-withdrawal.mts';
import * as todayFunction from '../../netlify/functions/admin-today.mts';
import { todayAnswerSchema } from '../../src/features/admin/today-contract.ts';
import { bookingWithdrawalSchema } from '../../src/features/booking/booking-contract.ts';
import { accountWithdrawalRoute } from '../../src/lib/api-contract.ts';
import { accountIdOf, emailsTo, type Guest, signedInGuest } from '../support/accounts.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { insertBooking, madeUpProperty } from '../support/booking-scenario.ts';
import { siteOrigin } from '../support/requests.ts';
import { ownerQuery } from '../support/sql.ts';

/**
 * A guest withdraws their own request from the account page before the office answers it: the request
 * becomes withdrawn and leaves the office's requests awaiting an answer, the guest is emailed and the
 * office alerted, once however often the guest clicks. Another guest's request (or an admin's reach
 * into it) is a 404, an answered request a 409 that says what to do instead, a cross-site post a 403.
 */

let guest: Guest & { cookie: string; id: string };
let stranger: Guest & { cookie: string };
let admin: Admin;

beforeAll(async () => {
  const signedIn = await signedInGuest();
  guest = { ...signedIn, id: await accountIdOf(signedIn.email) };
  stranger = await signedInGuest();
  admin = await signedInAdmin();
});

const book = (status = 'new', fields: Parameters<typeof insertBooking>[1] = {}) =>
  insertBooking(ownerQuery, {
    userId: guest.id,
    name: 'Meera Pillai',
    email: guest.email,
    property: madeUpProperty('withdraw-villa'),
    status,
    statusChangedAt: status === 'new' ? undefined : 'now',
    ...fields,
  });

const withdraw = (id: string, cookie = guest.cookie) =>
  invoke(withdrawalFunction, adminRequest('POST', accountWithdrawalRoute(id), { cookie }));

const statusOf = async (id: string) =>
  (await ownerQuery<{ status: string }>('select status from booking_requests where id = $1', [id]))[0]
    ?.status;

const emailKindsOf = async (id: string) =>
  (
    await ownerQuery<{ kind: string }>(
      'select kind from email_outbox where booking_request_id = $1 order by kind',
      [id],
    )
  ).map(({ kind }) => kind);

async function awaitingAnswer(): Promise<string[]> {
  const response = await invoke(
    todayFunction,
    adminRequest('GET', '/api/admin/today', { cookie: admin.cookie }),
  );
  expect(response.status).toBe(200);
  return todayAnswerSchema.parse(await response.json()).requests.map(({ id }) => id);
}

async function refusal(response: Response) {
  return (
    (await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }
  ).error;
}

describe('withdrawing a request not yet confirmed', () => {
  it('withdraws it, takes it off the office’s waiting list, emails the guest and alerts the office', async () => {
    const request = await book('new', { createdAt: '2000-01-05T08:00:00Z' });
    expect(await awaitingAnswer()).toContain(request.id);
    const response = await withdraw(request.id);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(bookingWithdrawalSchema.parse(await response.json())).toEqual({ status: 'withdrawn' });
    expect(await statusOf(request.id)).toBe('withdrawn');
    expect(await awaitingAnswer()).not.toContain(request.id);
    expect(await emailKindsOf(request.id)).toEqual(['booking_withdrawn', 'withdrawal_office_alert']);
    const [email] = (await emailsTo(guest.email)).filter((message) =>
      message.text.includes(request.reference),
    );
    expect(email?.subject).toContain(`Withdrawn: your booking request`);
    expect(email?.text).toContain('Nothing is booked and nothing is due.');
    const [alert] = await ownerQuery<{ subject: string; recipient: string }>(
      `select subject, recipient from email_outbox where booking_request_id = $1 and kind = 'withdrawal_office_alert'`,
      [request.id],
    );
    expect(alert?.subject).toContain(`Withdrawn by the guest: ${request.reference}`);
  });

  it('stores one change and one pair of emails however often the guest clicks', async () => {
    const request = await book();
    const answers = await Promise.all([withdraw(request.id), withdraw(request.id), withdraw(request.id)]);
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 200]);
    expect(await withdraw(request.id).then(({ status }) => status)).toBe(200);
    expect(await statusOf(request.id)).toBe('withdrawn');
    expect(await emailKindsOf(request.id)).toEqual(['booking_withdrawn', 'withdrawal_office_alert']);
  });

  it('refuses a confirmed booking with a 409 on its status that points to cancelling', async () => {
    const request = await book('confirmed');
    const response = await withdraw(request.id);
    expect(response.status).toBe(409);
    const error = await refusal(response);
    expect(error.code).toBe('conflict');
    expect(error.fields?.status).toMatch(/confirmed.*cancel it instead.*cancellation policy/);
    expect(await statusOf(request.id)).toBe('confirmed');
    expect(await emailKindsOf(request.id)).toEqual([]);
  });

  it.each(['declined', 'cancelled'])('refuses a %s request with a 409, changing nothing', async (status) => {
    const request = await book(status);
    const response = await withdraw(request.id);
    expect(response.status).toBe(409);
    expect((await refusal(response)).fields?.status).toBe(
      `This request is ${status}: there is nothing to withdraw.`,
    );
    expect(await statusOf(request.id)).toBe(status);
  });

  it('answers 404 for another guest’s request, an admin’s reach into it, one in the trash, or none', async () => {
    const request = await book();
    const trashed = await book('new', { deletedAt: '2026-01-01T00:00:00Z' });
    expect((await withdraw(request.id, stranger.cookie)).status).toBe(404);
    expect((await withdraw(request.id, admin.cookie)).status).toBe(404);
    expect((await withdraw(trashed.id)).status).toBe(404);
    expect((await withdraw(crypto.randomUUID())).status).toBe(404);
    expect((await withdraw('not-an-id')).status).toBe(404);
    expect(await statusOf(request.id)).toBe('new');
    expect(await statusOf(trashed.id)).toBe('new');
  });

  it('refuses a signed-out caller (401), a cross-site post (403) and a GET (405)', async () => {
    const request = await book();
    const url = new URL(accountWithdrawalRoute(request.id), siteOrigin);
    expect((await invoke(withdrawalFunction, new Request(url, { method: 'POST' }))).status).toBe(401);
    const crossSite = new Request(url, {
      method: 'POST',
      headers: { cookie: guest.cookie, origin: 'https://evil.example' },
    });
    expect((await invoke(withdrawalFunction, crossSite)).status).toBe(403);
    expect(
      (await invoke(withdrawalFunction, adminRequest('GET', url.pathname, { cookie: guest.cookie }))).status,
    ).toBe(405);
    expect(await statusOf(request.id)).toBe('new');
  });
});
