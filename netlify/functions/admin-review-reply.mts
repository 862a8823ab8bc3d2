import type { Config } from '@netlify/functions';
import { reviewReplySchema } from '../../src/features/reviews/reviews-contract.ts';
import { signedInEndpoint } from '../../src/server/auth/guard.ts';
import { readBody } from '../../src/server/http/request.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';
import { replyToReview } from '../../src/server/reviews/review-service.ts';
import { readReviewId } from '../../src/server/reviews/review-target.ts';

/** `PUT /api/admin-reviews/:id/reply` with `{ text }`: the office's public reply beside a review. Answers every review. */
export default signedInEndpoint(
  ['PUT'],
  async (request, visitor, context) => {
    const { text } = validate(reviewReplySchema, (await readBody(request)).value);
    return json(await replyToReview(visitor, readReviewId(context), text));
  },
  { admin: true },
);

export const config: Config = { path: '/api/admin-reviews/:id/reply' };
