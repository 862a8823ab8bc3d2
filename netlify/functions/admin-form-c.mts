import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { exportFormC, readFormCDay } from '../../src/server/booking/guests/guest-list-service.ts';
import { json } from '../../src/server/http/responses.ts';

/**
 * The Form C details of the foreign guests arriving on `?day=` (Kerala's today when left out), for the
 * office's printable page; each booking read is recorded.
 */
export default signedInEndpoint(
  ['GET'],
  async (request, visitor) => {
    const day = readFormCDay(request);
    return json({ day, rows: await exportFormC(visitor, day, 'form_c_page') });
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin-form-c' };
