import type { Config } from '@netlify/functions';
import { reviewInputSchema } from '../../src/features/reviews/reviews-contract.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBookingId } from '../../src/server/booking/booking-target.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';
import { readOwnStay, writeOwnReview } from '../../src/server/reviews/review-service.ts';

/**
 * A guest's own past stay's review, from the account page: GET reads the stay (and its review once
 * written), POST writes it, once. Another guest's booking is a 404.
 */
export default signedInEndpoint(['GET', 'POST'], async (request, visitor, context) => {
  const id = readBookingId(context);
  if (request.method === 'GET') return json(await readOwnStay(visitor, id));
  const review = validate(reviewInputSchema, (await readBody(request)).value);
  return json(await writeOwnReview(visitor, id, review), 201);
});

export const config: Config = { path: '/api/account/booking-requests/:id/review' };
