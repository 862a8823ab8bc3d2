import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { bookingRequestSchema } from '../../src/features/booking/booking-contract.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';
import { listPropertyReviews } from '../../src/server/reviews/review-service.ts';

const propertyReviewsQuerySchema = z.object({ property: bookingRequestSchema.shape.property });

/**
 * `GET /api/property-reviews?property={slug}`: a home's published reviews, newest first, with their
 * count, as the property page shows them. The same for everyone, so Netlify's CDN may keep it a
 * minute; a browser asks again each time, so a guest who has just written sees their review.
 */
export default endpoint(['GET'], async (request) => {
  const { property } = validate(propertyReviewsQuerySchema, {
    property: new URL(request.url).searchParams.get('property') ?? undefined,
  });
  return json(await listPropertyReviews(property), 200, {
    'cache-control': 'public, max-age=0, must-revalidate',
    'netlify-cdn-cache-control': 'public, max-age=60',
    'netlify-vary': 'query=property',
  });
});

export const config: Config = { path: '/api/property-reviews' };
