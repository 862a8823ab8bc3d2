import type { Config } from '@netlify/functions';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { HttpError, json } from '../../src/server/http/responses.ts';
import { readSearch, readSearchValues, searchStays } from '../../src/server/search/search-service.ts';

/**
 * `GET /api/search?arrival=…&departure=…&guests=…`: every villa and apartment free for that stay with
 * its price, and the rest with the reason (src/features/search/search-contract.ts). Bad or missing
 * fields answer 400 with the booking form's field messages. Not cached: a confirmation changes it.
 */
export default endpoint(['GET'], async (request) => {
  const read = readSearch(readSearchValues(new URL(request.url).searchParams));
  if (read.outcome !== 'valid') {
    const errors =
      read.outcome === 'invalid'
        ? read.errors
        : { arrival: 'Choose the arrival date', departure: 'Choose the departure date' };
    throw new HttpError(400, 'validation_failed', 'Some fields need your attention.', errors);
  }
  return json(await searchStays(read.query));
});

export const config: Config = { path: '/api/search' };
