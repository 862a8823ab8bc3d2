import type { Config } from '@netlify/functions';
import type { TodayAnswer } from '../../src/features/admin/today-contract.ts';
import { todayInKerala } from '../../src/lib/dates.ts';
import { summariseCollections } from '../../src/server/admin/admin-lists.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingDay } from '../../src/server/booking/booking-day-service.ts';
import { json } from '../../src/server/http/responses.ts';

/** The office's day: requests awaiting an answer, this week's arrivals and departures, balances due, unread items. */
export default signedInEndpoint(
  ['GET'],
  async (_request, visitor) => {
    const [day, summary] = await Promise.all([
      readBookingDay(visitor, todayInKerala()),
      summariseCollections(visitor),
    ]);
    const answer: TodayAnswer = { ...day, unread: summary.collections };
    return json(answer);
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin/today' };
