import type { Config } from '@netlify/functions';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { json } from '../../src/server/http/responses.ts';
import { listOfficeReviews } from '../../src/server/reviews/review-service.ts';

/** `GET /api/admin-reviews`: every review, published and withheld, newest first; never filtered by rating. */
export default signedInEndpoint(
  ['GET'],
  async (_request, visitor) => json(await listOfficeReviews(visitor)),
  {
    admin: true,
  },
);

export const config: Config = { path: '/api/admin-reviews' };
