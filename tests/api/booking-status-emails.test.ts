import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import * as itemFunction from '../../netlify/functions/admin-collection-item.mts';
import sendBookingRequest from '../../netlify/functions/booking-requests.mts';
import { bookingTerms, houseRules, howToPay } from '../../src/lib/booking-terms.ts';
import { addDays, todayInKerala } from '../../src/lib/dates.ts';
import { formatGbp } from '../../src/lib/money.ts';
import { paths, payPath } from '../../src/lib/paths.ts';
import type { Quote } from '../../src/lib/pricing.ts';
import { stayEventUid } from '../../src/lib/stay-calendar-event.ts';
import { bookingHorizonDays } from '../../src/lib/stay-rules.ts';
import { readOutbox } from '../../src/server/email/outbox.ts';
import { asClient, type Guest, signedInGuest } from '../support/accounts.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { captureLog } from '../support/log-lines.ts';
import { jsonPost, siteOrigin } from '../support/requests.ts';
import { pickDaysClearOfChangeovers } from '../support/seasons.ts';
import { insertBookingRequest, ownerQuery } from '../support/sql.ts';

/**
 * When the office confirms, declines or cancels a request (the dashboard's PATCH), the guest's email
 * is queued in the transaction of the change: one per change, none for a refused change or a repeat.
 */

const today = todayInKerala();
// A property and a stretch of its calendar of this run's own (the database is shared).
const property = {
  slug: 'kumarakom-lakeside-villa',
  name: 'Kumarakom Lakeside Villa',
  location: 'Kumarakom, Kottayam',
};
const firstDay = pickDaysClearOfChangeovers(today, {
  earliest: 60,
  latest: bookingHorizonDays - 200,
  span: 120,
});
const day = (n: number) => addDays(today, firstDay + n);
const pounds = (pence: number) => formatGbp(pence / 100);

let guest: Guest & { cookie: string };
let admin: Admin;

beforeAll(async () => {
  [guest, admin] = await Promise.all([signedInGuest(), signedInAdmin()]);
});

type Sent = { id: string; reference: string; quote: Quote };

async function requestStay(arrival: string, departure: string): Promise<Sent> {
  const response = await sendBookingRequest(
    jsonPost(
      '/api/booking-requests',
      {
        property: property.slug,
        arrival,
        departure,
        guests: 4,
        name: guest.name,
        // The form's address differs from the account's: status emails go where the receipt went.
        email: `typed+${crypto.randomUUID()}@example.com`,
        phone: '+91 98470 12345',
        city: 'Kottayam',
      },
      { cookie: guest.cookie },
    ),
    asClient(),
  );
  expect(response.status).toBe(201);
  return (await response.json()) as Sent;
}

const changeStatus = (id: string, status: string) =>
  invoke(
    itemFunction,
    adminRequest('PATCH', `/api/admin/booking-requests/${id}`, { cookie: admin.cookie, body: { status } }),
  );

type OutboxRow = { kind: string; recipient: string; status: string; body: string };

const statusEmailsAbout = (id: string) =>
  ownerQuery<OutboxRow>(
    `select kind, recipient, status, body from email_outbox
     where booking_request_id = $1 and kind not in ('booking_office_notice', 'booking_guest_receipt')
     order by created_at`,
    [id],
  );

/** The one VEVENT of an `.ics` text, as ical.js reads it. */
function readStayEvent(text: string): ICAL.Component {
  const calendar = new ICAL.Component(ICAL.parse(text) as ConstructorParameters<typeof ICAL.Component>[0]);
  const [event] = calendar.getAllSubcomponents('vevent');
  expect(event).toBeDefined();
  return event as ICAL.Component;
}

const inOutbox = async (subject: string) =>
  (await readOutbox()).filter((message) => message.subject === subject);

describe('confirming a booking request', () => {
  it('emails the guest once: reference, stay, total, deposit now, balance by its date, how to pay, links', async () => {
    const { id, reference, quote } = await requestStay(day(0), day(10));
    expect(quote.balanceDueDate).not.toBeNull();
    expect((await changeStatus(id, 'confirmed')).status).toBe(200);
    // A second click asks for the status it already has: nothing changes, nothing more is sent.
    expect((await changeStatus(id, 'confirmed')).status).toBe(200);

    const rows = await statusEmailsAbout(id);
    expect(rows.map((row) => [row.kind, row.recipient, row.status])).toEqual([
      ['booking_confirmed', guest.email, 'sent'],
    ]);
    const subject = `Confirmed: your stay at ${property.name} (${reference})`;
    const sent = await inOutbox(subject);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toContain(guest.email);
    for (const text of [
      `Hello ${guest.name},`,
      `Your reference is ${reference}; quote it when you pay or call.`,
      `Property: ${property.name}`,
      `Arrival: `,
      `(${day(0)})`,
      `(${day(10)})`,
      'Nights: 10',
      `Check-in: from ${houseRules.checkInFrom} on `,
      `Check-out: by ${houseRules.checkOutBy} on `,
      `Where: ${property.location} (`,
      `Total: ${pounds(quote.totalPence)}`,
      `Due now: the ${bookingTerms.depositPercent}% deposit, ${pounds(quote.depositPence)}`,
      `Balance: ${pounds(quote.balancePence)}, due by `,
      `Pay the deposit (${pounds(quote.depositPence)}): ${siteOrigin}${payPath(reference)}?until=${day(0)}&sig=`,
      howToPay.onceConfirmed,
      howToPay.safety,
      howToPay.cancelling,
      'Phone: +91 484 235 7700',
      `${siteOrigin}${paths.account}`,
      `${siteOrigin}${paths.cancellationPolicy}`,
    ]) {
      expect(sent[0]?.text).toContain(text);
    }
    // The confirmation is the moment: it does not speak of it as still to come.
    expect(sent[0]?.text).not.toContain('Once we confirm');
    // The stay as an .ics its calendar can add: all-day, arrival to departure, named by the reference.
    expect(sent[0]?.text).toContain(`open the attached ${reference}.ics`);
    expect(sent[0]?.attachments.map(({ filename, contentType }) => [filename, contentType])).toEqual([
      [`${reference}.ics`, 'text/calendar'],
    ]);
    const event = readStayEvent(sent[0]?.attachments[0]?.content ?? '');
    expect((event.getFirstPropertyValue('dtstart') as ICAL.Time).toString()).toBe(day(0));
    expect((event.getFirstPropertyValue('dtend') as ICAL.Time).toString()).toBe(day(10));
    expect(event.getFirstPropertyValue('uid')).toBe(stayEventUid(reference));
    expect(event.getFirstPropertyValue('summary')).toBe(`Stay at ${property.name} (${reference})`);
    expect(event.getFirstPropertyValue('location')).toBe(property.location);
    expect(event.getFirstPropertyValue('dtstamp')).toBeInstanceOf(ICAL.Time);
  });

  it('asks for the full amount now when the stay is within the balance’s notice', async () => {
    // A week arriving within 45 days, clear of the peak weeks (whose Saturday changeovers would refuse
    // a week arriving on another day): a fixed day 10 fell across 19 December when run on 3 December.
    const soon = pickDaysClearOfChangeovers(today, { earliest: 1, latest: 37, span: 7, first: true });
    const [arrival, departure] = [addDays(today, soon), addDays(today, soon + 7)];
    const { id, reference, quote } = await requestStay(arrival, departure);
    expect(quote.balanceDueDate).toBeNull();
    expect((await changeStatus(id, 'confirmed')).status).toBe(200);
    const [sent] = await inOutbox(`Confirmed: your stay at ${property.name} (${reference})`);
    expect(sent?.text).toContain(`Due now: the full amount, ${pounds(quote.totalPence)}.`);
    expect(sent?.text).toContain(
      `Pay the total (${pounds(quote.totalPence)}): ${siteOrigin}${payPath(reference)}?`,
    );
    expect(sent?.text).not.toContain('Balance:');
  });
});

describe('declining and cancelling', () => {
  it('tells a declined guest kindly, with the reference and a link to other dates', async () => {
    const { id, reference } = await requestStay(day(30), day(37));
    expect((await changeStatus(id, 'declined')).status).toBe(200);
    expect((await statusEmailsAbout(id)).map((row) => row.kind)).toEqual(['booking_declined']);
    const [sent] = await inOutbox(`Your booking request for ${property.name} (${reference})`).then((all) =>
      all.filter((message) => message.text.includes('we cannot offer you those dates')),
    );
    expect(sent?.text).toContain(`Your reference was ${reference}.`);
    expect(sent?.text).toContain(`${siteOrigin}${paths.search}`);
    expect(sent?.text).toContain('Nothing is booked and nothing is due.');
  });

  it('tells the guest of a cancelled stay, with the reference and the cancellation policy', async () => {
    const { id, reference } = await requestStay(day(50), day(57));
    expect((await changeStatus(id, 'confirmed')).status).toBe(200);
    expect((await changeStatus(id, 'cancelled')).status).toBe(200);
    expect((await statusEmailsAbout(id)).map((row) => row.kind)).toEqual([
      'booking_confirmed',
      'booking_cancelled',
    ]);
    const [sent] = await inOutbox(`Cancelled: your stay at ${property.name} (${reference})`);
    expect(sent?.text).toContain(`Your reference is ${reference}`);
    expect(sent?.text).toContain(`${siteOrigin}${paths.cancellationPolicy}`);
  });

  it('lists each status email on the booking’s detail in the dashboard', async () => {
    const { id } = await requestStay(day(70), day(77));
    await changeStatus(id, 'confirmed');
    await changeStatus(id, 'cancelled');
    const response = await invoke(
      itemFunction,
      adminRequest('GET', `/api/admin/booking-requests/${id}`, { cookie: admin.cookie }),
    );
    const { emails } = (await response.json()) as { emails: { kind: string; status: string }[] };
    expect(emails.map((email) => email.kind).sort()).toEqual([
      'booking_cancelled',
      'booking_confirmed',
      'booking_guest_receipt',
      'booking_office_notice',
    ]);
    expect(emails.every((email) => email.status === 'sent')).toBe(true);
  });
});

describe('a change the database refuses', () => {
  it('queues nothing for a move the status trigger refuses', async () => {
    const { id } = await requestStay(day(90), day(97));
    expect((await changeStatus(id, 'declined')).status).toBe(200);
    expect((await changeStatus(id, 'confirmed')).status).toBe(409);
    expect((await changeStatus(id, 'cancelled')).status).toBe(409);
    expect((await statusEmailsAbout(id)).map((row) => row.kind)).toEqual(['booking_declined']);
  });

  it('queues nothing for a confirmation that overlaps a confirmed stay', async () => {
    const first = await requestStay(day(110), day(117));
    const second = await requestStay(day(112), day(119));
    expect((await changeStatus(first.id, 'confirmed')).status).toBe(200);
    expect((await changeStatus(second.id, 'confirmed')).status).toBe(409);
    expect(await statusEmailsAbout(second.id)).toEqual([]);
    expect(await ownerQuery('select status from booking_requests where id = $1', [second.id])).toEqual([
      { status: 'new' },
    ]);
  });

  it('changes nothing when the email cannot be queued: the change and its email commit together', async () => {
    const id = await insertBookingRequest({ property: 'made-up-status-villa', arrival: '2091-05-01' });
    const trigger = `refuse_${crypto.randomUUID().replaceAll('-', '')}`;
    await ownerQuery(`create function public.${trigger}() returns trigger language plpgsql as $$
      begin
        if new.booking_request_id = '${id}' then raise exception 'the outbox is full'; end if;
        return new;
      end $$`);
    await ownerQuery(
      `create trigger ${trigger} before insert on email_outbox for each row execute function public.${trigger}()`,
    );
    try {
      expect((await changeStatus(id, 'confirmed')).status).toBeGreaterThanOrEqual(500);
    } finally {
      await ownerQuery(`drop trigger ${trigger} on email_outbox`);
      await ownerQuery(`drop function public.${trigger}()`);
    }
    expect(await ownerQuery('select status from booking_requests where id = $1', [id])).toEqual([
      { status: 'new' },
    ]);
    expect(
      await ownerQuery(`select 1 from admin_audit_log where row_id = $1 and action = 'status_changed'`, [id]),
    ).toEqual([]);
  });

  it('changes the status and keeps the email queued when the mail server is down', async () => {
    const id = await insertBookingRequest({ property: 'made-up-status-villa', arrival: '2091-06-01' });
    // Nothing listens on this port (one of this file's own), so every send is refused at once.
    process.env.SMTP_URL = 'smtp://127.0.0.1:8958';
    try {
      const { result, lines } = await captureLog(() => changeStatus(id, 'declined'));
      expect(result.status).toBe(200);
      expect(lines).toContainEqual(expect.objectContaining({ bookingRequestId: id }));
    } finally {
      delete process.env.SMTP_URL;
    }
    // A request stored without a receipt (as this one was) is written to at the address it gave.
    expect((await statusEmailsAbout(id)).map((row) => [row.kind, row.recipient, row.status])).toEqual([
      ['booking_declined', 'guest@example.com', 'pending'],
    ]);
  });
});
