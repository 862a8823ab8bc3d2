import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { bookingRequestSchema } from '../../src/features/booking/booking-contract.ts';
import { listAvailability } from '../../src/server/booking/availability-service.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/responses.ts';
import { validate } from '../../src/server/http/validate.ts';

const availabilityQuerySchema = z.object({ property: bookingRequestSchema.shape.property });

/**
 * `GET /api/availability?property={slug}`: the dates already taken, for the calendars. Public and the
 * same for everyone, so browsers and Netlify's CDN may keep it a minute: a stay confirmed meanwhile
 * still meets the overlap check when a request is sent, and its 409 says so.
 */
export default endpoint(['GET'], async (request) => {
  const { property } = validate(availabilityQuerySchema, {
    property: new URL(request.url).searchParams.get('property') ?? undefined,
  });
  return json(await listAvailability(property), 200, {
    'cache-control': 'public, max-age=60',
    // Tracking parameters added to the URL must not split the CDN's cache.
    'netlify-vary': 'query=property',
  });
});

export const config: Config = { path: '/api/availability' };
