import type { Config } from '@netlify/functions';
import { saleKinds } from '../../src/features/buyer-enquiry/buyer-enquiry-contract.ts';
import { findHomeForSale, isAskable } from '../../src/server/buyer-enquiries/homes-for-sale.ts';
import { listFreeViewingSlots } from '../../src/server/buyer-enquiries/viewing-slots-service.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { HttpError, json } from '../../src/server/http/responses.ts';

/**
 * `GET /api/viewing-slots?propertyKind=villas&property=kovalam-cliff-villa`: the home's free viewing
 * slots within the office's viewing hours, as instants (the island writes them on the buyer's clock).
 * Not cached: a request taking a slot changes it.
 */
export default endpoint(['GET'], async (request) => {
  const query = new URL(request.url).searchParams;
  const kind = saleKinds.find((candidate) => candidate === query.get('propertyKind'));
  const slug = query.get('property') ?? '';
  const home = kind && /^[a-z0-9-]{1,100}$/.test(slug) ? await findHomeForSale(kind, slug) : undefined;
  if (!home || !isAskable(home)) {
    throw new HttpError(404, 'not_found', 'There is no home for sale at that address.', {
      property: 'Choose a home that is for sale',
    });
  }
  const slots = await listFreeViewingSlots(home);
  return json({ slots: slots.map((slot) => slot.toISOString()) });
});

export const config: Config = { path: '/api/viewing-slots' };
