import type { Config } from '@netlify/functions';
import { confirmServiceInputSchema } from '../../src/features/booking/booking-service-contract.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { confirmServiceByOffice } from '../../src/server/booking/services/booked-service-service.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';
import { isUuid } from '../../src/server/http/uuid.ts';
import { validate } from '../../src/server/http/validate.ts';
import { Refusal } from '../../src/server/refusal.ts';

/**
 * The office confirms a booked service (POST `{ pricePence? }`): one on request with the price it agreed,
 * one priced when chosen as it was; the guest is emailed.
 */
export default signedInEndpoint(
  ['POST'],
  async (request, visitor, context) => {
    const id = context.params.id;
    if (!isUuid(id)) throw new Refusal('not_found', 'There is no such service.');
    const input = validate(confirmServiceInputSchema, (await readBody(request)).value);
    return json(await confirmServiceByOffice(visitor, id.toLowerCase(), input));
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin-booking-services/:id/confirmation' };
