import { type APIRequestContext, expect, test } from '@playwright/test';
import { addDays } from '../../../src/lib/dates.ts';
import { findStayProblems } from '../../../src/lib/stay-rules.ts';
import { readFactsOf } from '../../support/seasons.ts';
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

/**
 * A stay of `nights` at `property` that nothing holds yet and the property's rules accept, arriving at
 * random between `from` and `to` days from `today`. The rules matter because the window moves with the
 * calendar: a peak season with a Saturday changeover came into it one day, and a stay picked blindly
 * then arrived on a Tuesday and was refused (422). Other specs (and the demo rows admin-calendar.spec seeds) confirm stays on the
 * same shared database, so a date picked blindly can meet one and the request answers 409. Each
 * worker takes its stays from a share of those days of its own, so two tests running at the same
 * moment never pick overlapping nights: what is free when one looks may be taken by the other next.
 */
export async function freeStay(
  request: APIRequestContext,
  {
    property,
    today,
    from,
    to,
    nights = 7,
  }: { property: string; today: string; from: number; to: number; nights?: number },
): Promise<{ property: string; arrival: string; departure: string }> {
  const calendar = await request.get(`/api/availability?${new URLSearchParams({ property })}`);
  expect(calendar.status()).toBe(200);
  const { confirmed } = (await calendar.json()) as { confirmed: { arrival: string; departure: string }[] };
  const facts = readFactsOf(property);
  const { parallelIndex, config } = test.info();
  const share = Math.floor((to - from + 1) / config.workers);
  const first = from + parallelIndex * share;
  // Arrivals that leave the whole stay inside this worker's share.
  const candidates = Array.from({ length: Math.max(0, share - nights + 1) }, (_, offset) =>
    addDays(today, first + offset),
  ).filter((arrival) => {
    const departure = addDays(arrival, nights);
    const allowed =
      Object.keys(findStayProblems({ arrival, departure, guests: 2 }, facts, today)).length === 0;
    return allowed && confirmed.every((taken) => departure <= taken.arrival || arrival >= taken.departure);
  });
  const arrival = candidates[Math.floor(Math.random() * candidates.length)];
  if (!arrival)
    throw new Error(`${property} has no free ${nights} nights between day ${first} and day ${first + share}`);
  return { property, arrival, departure: addDays(arrival, nights) };
}
