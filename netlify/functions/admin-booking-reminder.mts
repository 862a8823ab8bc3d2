import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { sendBalanceReminderNow, showLastReminder } from '../../src/server/booking/reminder-by-hand.ts';
import { json } from '../../src/server/http/responses.ts';

/** When the guest was last reminded of a booking's balance (GET), and a reminder sent now (POST). */
export default signedInEndpoint(
  ['GET', 'POST'],
  async (request, visitor, context) => {
    const id = readBookingId(context);
    if (request.method === 'GET') return json(await showLastReminder(visitor, id));
    const answer = await sendBalanceReminderNow(visitor, id);
    return json(answer, answer.queued ? 201 : 200);
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin/booking-requests/:id/reminder' };
