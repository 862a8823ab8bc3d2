import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInGuest } from '../support/accounts.ts';
import { type Admin, adminRequest, invoke, signedInAdmin } from '../support/admins.ts';
import { recordOfficePayment, storeRefund } from '../support/payment-scenario.ts';
import { insertBookingRequest, ownerQuery } from '../support/sql.ts';

/**
 * Every /api/admin endpoint refuses the anonymous (401) and signed-in guests (403) and serves admins.
 * The list of endpoints is read from netlify/functions, the way Netlify reads `config.path`, so an
 * endpoint added without a sample request here fails this test instead of going unguarded.
 */

const functionsDir = path.resolve(import.meta.dirname, '../../netlify/functions');

type Endpoint = { file: string; route: string; method: string };

async function findAdminEndpoints(): Promise<Endpoint[]> {
  const endpoints: Endpoint[] = [];
  for (const file of (await readdir(functionsDir)).sort()) {
    if (!/\.m?[jt]s$/.test(file)) continue;
    const source = await readFile(path.join(functionsDir, file), 'utf8');
    const routes = [...(source.match(/\bpath:\s*(\[[^\]]*\]|'[^']*')/)?.[1] ?? '').matchAll(/'([^']+)'/g)]
      .map((found) => found[1] as string)
      .filter((route) => route.startsWith('/api/admin'));
    if (routes.length === 0) continue;
    const methods = [
      ...(source.match(/signedInEndpoint\(\s*\[([^\]]*)\]/)?.[1] ?? '').matchAll(/'([A-Z]+)'/g),
    ];
    expect(
      methods.length,
      `${file} declares its methods with signedInEndpoint([...], …, { admin: true })`,
    ).toBeGreaterThan(0);
    expect(source, `${file} requires an admin`).toMatch(/admin:\s*true/);
    for (const route of routes)
      for (const [, method] of methods) endpoints.push({ file, route, method: method as string });
  }
  return endpoints;
}

async function insertContactMessage(): Promise<string> {
  const [row] = await ownerQuery<{ id: string }>(
    `insert into contact_messages (name, email, phone, message)
     values ('Guard Test', 'guard@example.com', '+91 98470 00001', 'For the admin guard test') returning id`,
  );
  return row?.id as string;
}

/** An arrival pack the office may write. */
const guardTestPack = {
  address: 'Marine Drive, Ernakulam',
  latitude: 9.9816,
  longitude: 76.2755,
  directionsFromCok: 'Taxi, 45 minutes.',
  directionsFromTrv: 'Train to Ernakulam Junction.',
  checkInSteps: 'Call the caretaker from the lobby.',
  caretakerPhone: '+91 98470 11111',
  wifiName: 'Marine-Drive',
  wifiPassword: 'backwaters',
  houseManual: 'Shoes off indoors.',
};

/** A request each endpoint should serve an admin with 2xx; built fresh per call, since some change rows. */
const samples: Record<string, () => Promise<{ path: string; body?: unknown }>> = {
  'GET /api/admin/summary': async () => ({ path: '/api/admin/summary' }),
  'GET /api/admin/occupancy': async () => ({ path: '/api/admin/occupancy?month=2027-03' }),
  'GET /api/admin/:collection': async () => ({ path: '/api/admin/contact-messages?limit=5' }),
  'GET /api/admin/:collection.csv': async () => ({ path: '/api/admin/contact-messages.csv?q=guard' }),
  'GET /api/admin/:collection/:id': async () => ({
    path: `/api/admin/contact-messages/${await insertContactMessage()}`,
  }),
  'PATCH /api/admin/:collection/:id': async () => ({
    path: `/api/admin/booking-requests/${await insertBookingRequest()}`,
    body: { status: 'declined' },
  }),
  'DELETE /api/admin/:collection/:id': async () => ({
    path: `/api/admin/contact-messages/${await insertContactMessage()}`,
  }),
  'POST /api/admin/:collection/:id/read': async () => ({
    path: `/api/admin/contact-messages/${await insertContactMessage()}/read`,
  }),
  'PUT /api/admin/:collection/:id/answered': async () => ({
    path: `/api/admin/contact-messages/${await insertContactMessage()}/answered`,
  }),
  'DELETE /api/admin/:collection/:id/answered': async () => ({
    path: `/api/admin/contact-messages/${await insertContactMessage()}/answered`,
  }),
  'GET /api/admin/balances-due': async () => ({ path: '/api/admin/balances-due' }),
  'GET /api/admin/today': async () => ({ path: '/api/admin/today' }),
  'GET /api/admin/site-deploy': async () => ({
    path: `/api/admin/site-deploy?since=${encodeURIComponent(new Date().toISOString())}`,
  }),
  'GET /api/admin/numbers': async () => ({ path: '/api/admin/numbers' }),
  'GET /api/admin/booking-requests/:id/payments': async () => ({
    path: `/api/admin/booking-requests/${await insertBookingRequest({ status: 'confirmed' })}/payments`,
  }),
  'POST /api/admin/booking-requests/:id/payments': async () => ({
    path: `/api/admin/booking-requests/${await insertBookingRequest({ status: 'confirmed' })}/payments`,
    body: { kind: 'deposit', amount: '10', receivedOn: '2026-01-05', method: 'cash' },
  }),
  'DELETE /api/admin/booking-requests/:id/payments/:payment': async () => {
    const id = await insertBookingRequest({ status: 'confirmed' });
    const payment = await recordOfficePayment(id, {
      amountPence: 1000,
      receivedOn: '2026-01-05',
      method: 'cash',
    });
    return { path: `/api/admin/booking-requests/${id}/payments/${payment}` };
  },
  'GET /api/admin/booking-requests/:id/payments/:payment/receipt': async () => {
    const id = await insertBookingRequest({ status: 'confirmed' });
    const payment = await recordOfficePayment(id, {
      amountPence: 1000,
      receivedOn: '2026-01-05',
      method: 'cash',
    });
    return { path: `/api/admin/booking-requests/${id}/payments/${payment}/receipt` };
  },
  'GET /api/admin/booking-requests/:id/reminder': async () => ({
    path: `/api/admin/booking-requests/${await insertBookingRequest({ status: 'confirmed' })}/reminder`,
  }),
  'POST /api/admin/booking-requests/:id/reminder': async () => ({
    path: `/api/admin/booking-requests/${await insertBookingRequest({ status: 'confirmed' })}/reminder`,
  }),
  'GET /api/admin/booking-requests/:id/services': async () => ({
    path: `/api/admin/booking-requests/${await insertBookingRequest()}/services`,
  }),
  'GET /api/admin/booking-requests/:id/notes': async () => ({
    path: `/api/admin/booking-requests/${await insertBookingRequest()}/notes`,
  }),
  'POST /api/admin/booking-requests/:id/notes': async () => ({
    path: `/api/admin/booking-requests/${await insertBookingRequest()}/notes`,
    body: { body: 'A note for the guard test' },
  }),
  'GET /api/admin/booking-requests/:id/messages': async () => ({
    path: `/api/admin/booking-requests/${await insertBookingRequest()}/messages`,
  }),
  'POST /api/admin/booking-requests/:id/messages': async () => ({
    path: `/api/admin/booking-requests/${await insertBookingRequest()}/messages`,
    body: { body: 'A message for the guard test' },
  }),
  'POST /api/admin/booking-requests/:id/messages/read': async () => ({
    path: `/api/admin/booking-requests/${await insertBookingRequest()}/messages/read`,
  }),
  'GET /api/admin/booking-requests/:id/arrival-pack': async () => ({
    path: `/api/admin/booking-requests/${await insertBookingRequest({ status: 'confirmed' })}/arrival-pack`,
  }),
  'POST /api/admin/booking-requests/:id/arrival-pack': async () => ({
    path: `/api/admin/booking-requests/${await insertBookingRequest({ status: 'confirmed' })}/arrival-pack`,
  }),
  'GET /api/admin-arrival-packs': async () => ({ path: '/api/admin-arrival-packs' }),
  'GET /api/admin/booking-requests/:id/guests': async () => ({
    path: `/api/admin/booking-requests/${await insertBookingRequest({ status: 'confirmed' })}/guests`,
  }),
  'GET /api/admin-form-c': async () => ({ path: '/api/admin-form-c?day=2091-06-01' }),
  'GET /api/admin-form-c.csv': async () => ({ path: '/api/admin-form-c.csv?day=2091-06-01' }),
  'PUT /api/admin-arrival-packs/:property': async () => ({
    path: '/api/admin-arrival-packs/marine-drive-studio',
    body: guardTestPack,
  }),
  // Paid in cash: a refund of it is owed, for the office to return by hand, and asks no provider.
  'POST /api/admin/booking-requests/:id/refunds': async () => {
    const id = await insertBookingRequest({ status: 'confirmed' });
    await recordOfficePayment(id, { amountPence: 1000, receivedOn: '2026-01-05', method: 'cash' });
    return { path: `/api/admin/booking-requests/${id}/refunds`, body: { mode: 'full' } };
  },
  'PATCH /api/admin/booking-requests/:id/refunds/:refund': async () => {
    const id = await insertBookingRequest({ status: 'confirmed' });
    const payment = await recordOfficePayment(id, {
      amountPence: 1000,
      receivedOn: '2026-01-05',
      method: 'cash',
    });
    const refund = await storeRefund(ownerQuery, id, {
      paymentId: payment,
      amountPence: 1000,
      reason: 'office',
      status: 'owed',
      problem: 'by hand',
    });
    return { path: `/api/admin/booking-requests/${id}/refunds/${refund}`, body: { status: 'refunded' } };
  },
  'POST /api/admin/:collection/:id/restore': async () => {
    const id = await insertContactMessage();
    await ownerQuery('update contact_messages set deleted_at = now() where id = $1', [id]);
    return { path: `/api/admin/contact-messages/${id}/restore` };
  },
};

// Calendar sync: a made-up feed (never fetched here) of a real property, so each call has its target.
const calendarProperty = 'kovalam-samudra-villa';
async function insertCalendarFeed(): Promise<string> {
  const [row] = await ownerQuery<{ id: string }>(
    `insert into property_calendar_feeds (property, label, url) values ($1, 'Guard', $2) returning id`,
    [calendarProperty, `https://calendar.example.com/${crypto.randomUUID()}.ics`],
  );
  return row?.id as string;
}
Object.assign(samples, {
  'GET /api/admin-calendars': async () => ({ path: '/api/admin-calendars' }),
  'POST /api/admin-calendars/:property/feeds': async () => ({
    path: `/api/admin-calendars/${calendarProperty}/feeds`,
    body: { label: 'Guard', url: `https://calendar.example.com/${crypto.randomUUID()}.ics` },
  }),
  'DELETE /api/admin-calendars/:property/feeds/:id': async () => ({
    path: `/api/admin-calendars/${calendarProperty}/feeds/${await insertCalendarFeed()}`,
  }),
  // A property with no feeds: an import that fetches nothing.
  'POST /api/admin-calendars/:property/import': async () => ({
    path: '/api/admin-calendars/panampilly-nagar-duplex/import',
  }),
  'POST /api/admin-calendars/:property/link': async () => ({
    path: `/api/admin-calendars/${calendarProperty}/link`,
  }),
} satisfies typeof samples);

// Reviews: one stored straight in the table, on a stay of its own, so each call has its target.
async function insertReview(): Promise<string> {
  const [row] = await ownerQuery<{ id: string }>(
    `insert into reviews (booking_request_id, property, stay_month, rating, title, body, display_name)
     values ($1, 'kovalam-cliff-villa', '2090-01-01', 3, 'Guard', 'For the admin guard test', 'Guard T.')
     returning id`,
    [await insertBookingRequest({ status: 'confirmed' })],
  );
  return row?.id as string;
}
Object.assign(samples, {
  'GET /api/admin-reviews': async () => ({ path: '/api/admin-reviews' }),
  'PUT /api/admin-reviews/:id/withholding': async () => ({
    path: `/api/admin-reviews/${await insertReview()}/withholding`,
    body: { rule: 'abuse' },
  }),
  'DELETE /api/admin-reviews/:id/withholding': async () => ({
    path: `/api/admin-reviews/${await insertReview()}/withholding`,
  }),
  'PUT /api/admin-reviews/:id/reply': async () => ({
    path: `/api/admin-reviews/${await insertReview()}/reply`,
    body: { text: 'Thank you for the guard test' },
  }),
} satisfies typeof samples);

// A home marked sold from a sold enquiry: written into a throwaway copy of the content, as the e2e
// server's working copy is, never into the checkout's.
const contentCopy = await mkdtemp(path.join(tmpdir(), 'kayal-guard-content-'));
await cp(path.resolve(import.meta.dirname, '../../src/content'), path.join(contentCopy, 'src/content'), {
  recursive: true,
});
process.env.CMS_WORKING_COPY = contentCopy;
afterAll(() => rm(contentCopy, { recursive: true, force: true }));
Object.assign(samples, {
  'PUT /api/admin/buyer-enquiries/:id/sale-status': async () => {
    const [row] = await ownerQuery<{ id: string }>(
      `insert into buyer_enquiries (property, property_kind, intent, name, email, phone, country, budget,
         home_loan, paying_from_abroad, time_zone, stage)
       values ('kovalam-samudra-villa', 'villas', 'buying', 'Guard Test', 'guard@example.com', '+91 98470 00001',
         'India', '₹2 crore', false, false, 'Asia/Kolkata', 'sold') returning id`,
    );
    return { path: `/api/admin/buyer-enquiries/${row?.id}/sale-status`, body: { saleStatus: 'sold' } };
  },
} satisfies typeof samples);

// Booked services: one awaiting its price, stored straight in the table on a stay of its own.
async function insertBookedService(): Promise<string> {
  const [row] = await ownerQuery<{ id: string }>(
    `insert into booking_services (booking_request_id, service, service_name, starts_at, service_date, service_time,
       quantity, free_cancellation_until, late_refund_percent, status, request_key, created_by)
     values ($1, 'cruises', 'Cruises', '2090-01-12T09:00:00+05:30', '2090-01-12', '09:00', 1,
       '2090-01-09T09:00:00+05:30', 0, 'awaiting_price', $2, gen_random_uuid())
     returning id`,
    [await insertBookingRequest({ status: 'confirmed' }), `guard-${crypto.randomUUID()}`],
  );
  return row?.id as string;
}
Object.assign(samples, {
  'GET /api/admin-services-today': async () => ({ path: '/api/admin-services-today' }),
  'POST /api/admin-booking-services/:id/confirmation': async () => ({
    path: `/api/admin-booking-services/${await insertBookedService()}/confirmation`,
    body: { pricePence: 30_000 },
  }),
} satisfies typeof samples);

const endpoints = await findAdminEndpoints();

describe('the admin endpoints', () => {
  let admin: Admin;
  let guestCookie: string;

  beforeAll(async () => {
    admin = await signedInAdmin();
    guestCookie = (await signedInGuest()).cookie;
  });

  it('are all found in netlify/functions, and each has a sample request in this test', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(Object.keys(samples).length);
    const found = endpoints.map(({ method, route }) => `${method} ${route}`).sort();
    expect(found).toEqual(Object.keys(samples).sort());
  });

  describe.each(endpoints)('$method $route ($file)', ({ file, route, method }) => {
    const call = async (cookie?: string, headers: Record<string, string> = {}) => {
      const sample = samples[`${method} ${route}`];
      if (!sample) throw new Error(`No sample request for ${method} ${route}: add one to this test`);
      const { path: pathname, body } = await sample();
      const fn = await import(path.join(functionsDir, file));
      const request = adminRequest(method, pathname, { cookie, body });
      for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
      return invoke(fn, request);
    };

    it('answers 401 without a session', async () => {
      const response = await call();
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
    });

    it('answers 403 to a signed-in guest', async () => {
      const response = await call(guestCookie);
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    });

    it('answers 403 to an admin’s browser sent from another site’s page, whatever the method', async () => {
      const response = await call(admin.cookie, { 'sec-fetch-site': 'cross-site' });
      expect(response.status).toBe(403);
      // Writes meet the cross-origin check of every endpoint first; reads the admin guard's own.
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        method === 'GET' ? 'cross_site' : 'forbidden',
      );
    });

    it('serves an admin', async () => {
      const response = await call(admin.cookie);
      expect(response.status, await response.clone().text()).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(300);
      // A download (a receipt's PDF) also says `private`, so no shared cache keeps it either.
      expect(response.headers.get('cache-control')).toMatch(/^(private, )?no-store$/);
      await response.body?.cancel();
    });
  });
});
