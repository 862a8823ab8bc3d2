import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readRelease, releaseEarly } from '../../src/server/booking/arrival-packs/arrival-pack-service.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { json } from '../../src/server/http/responses.ts';

/** Whether a booking's arrival pack is released to its guest (GET), and releasing it before the deposit (POST). */
export default signedInEndpoint(
  ['GET', 'POST'],
  async (request, visitor, context) => {
    const id = readBookingId(context);
    if (request.method === 'GET') return json(await readRelease(visitor, id));
    return json(await releaseEarly(visitor, id));
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin/booking-requests/:id/arrival-pack' };
