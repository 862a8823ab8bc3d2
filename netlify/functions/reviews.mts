import type { Config } from '@netlify/functions';
import { reviewFromLinkSchema } from '../../src/features/reviews/reviews-contract.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';
import { writeReviewFromLink } from '../../src/server/reviews/review-service.ts';

/**
 * `POST /api/reviews`: a review written from an invitation's link, for that link's stay alone. A stay
 * has one review: a second is a 409, and two sent at once store one.
 */
export default endpoint(['POST'], async (request) => {
  const { token, ...review } = validate(reviewFromLinkSchema, (await readBody(request)).value);
  return json(await writeReviewFromLink(token, review), 201);
});

export const config: Config = { path: '/api/reviews' };
