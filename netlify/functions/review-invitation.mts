import type { Config } from '@netlify/functions';
import { reviewLinkSchema } from '../../src/features/reviews/reviews-contract.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';
import { readStayFromLink } from '../../src/server/reviews/review-service.ts';

/**
 * `POST /api/review-invitation` with `{ token }`: the stay an invitation's link reviews, and its review
 * once written. A POST, so the link's key never sits in a URL; a key we never sent is a 404.
 */
export default endpoint(['POST'], async (request) => {
  const { token } = validate(reviewLinkSchema, (await readBody(request)).value);
  return json(await readStayFromLink(token));
});

export const config: Config = { path: '/api/review-invitation' };
