import type { Config } from '@netlify/functions';
import { reviewWithholdingSchema } from '../../src/features/reviews/reviews-contract.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';
import { setWithholding } from '../../src/server/reviews/review-service.ts';
import { readReviewId } from '../../src/server/reviews/review-target.ts';

/**
 * `PUT /api/admin-reviews/:id/withholding` with `{ rule }`: withholds a review under the rule of the
 * review policy it breaks, the only way a review leaves the property page; `DELETE` publishes it
 * again. The database logs both. Answers every review.
 */
export default signedInEndpoint(
  ['PUT', 'DELETE'],
  async (request, visitor, context) => {
    const id = readReviewId(context);
    if (request.method === 'DELETE') return json(await setWithholding(visitor, id, null));
    const { rule } = validate(reviewWithholdingSchema, (await readBody(request)).value);
    return json(await setWithholding(visitor, id, rule));
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin-reviews/:id/withholding' };
