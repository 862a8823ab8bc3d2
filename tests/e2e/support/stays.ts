import { type APIRequestContext, expect } from '@playwright/test';
import { query, serverDatabaseUrl } from './database.ts';
import { createConfirmedGuest } from './guests.ts';

/**
 * A stay of `property` from `arrival` to `departure` that the office has confirmed, made as a guest
 * would (an account, a request through the API) and confirmed as the dashboard does, so the calendars
 * show it booked. `request` must not be a page's: signing in would sign that page in too; it stays
 * signed in as the guest, whose account it answers (undefined when the stay was there already).
 */
export async function confirmStay(
  request: APIRequestContext,
  stay: { property: string; arrival: string; departure: string },
): Promise<{ name: string; email: string; password: string } | undefined> {
  // A worker started again after a failure runs its setup again: the stay may be there already.
  const calendar = await request.get(`/api/availability?${new URLSearchParams({ property: stay.property })}`);
  const { confirmed } = (await calendar.json()) as { confirmed: { arrival: string; departure: string }[] };
  if (confirmed.some(({ arrival, departure }) => arrival === stay.arrival && departure === stay.departure))
    return undefined;
  const guest = {
    name: 'Meera Pillai',
    email: `meera.${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: 'monsoon backwater coconut 27',
  };
  await createConfirmedGuest(request, guest);
  expect((await request.post('/api/auth/login', { data: guest })).status()).toBe(200);
  const sent = await request.post('/api/booking-requests', {
    headers: { 'idempotency-key': crypto.randomUUID() },
    data: {
      ...stay,
      guests: 2,
      name: guest.name,
      email: guest.email,
      phone: '+91 98470 55555',
      city: 'Kochi',
    },
  });
  expect(sent.status()).toBe(201);
  await query(serverDatabaseUrl(), `update booking_requests set status = 'confirmed' where email = $1`, [
    guest.email,
  ]);
  return guest;
}
