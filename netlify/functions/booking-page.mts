import type { Config } from '@netlify/functions';
import type { BookableProperty } from '../../src/features/booking/booking-contract.ts';
import { renderBookingForm } from '../../src/features/booking/render-booking-form.ts';
import { paths } from '../../src/lib/paths.ts';
import { readPageVisitor, type Visitor } from '../../src/server/auth/session.ts';
import { listOwnBookingRequests } from '../../src/server/booking/request-service.ts';
import { observed } from '../../src/server/http/observed.ts';
import { allowMethods } from '../../src/server/http/request.ts';
import {
  findIsland,
  printIsland,
  readSessionPage,
  sessionPageResponse,
} from '../../src/server/pages/session-page.ts';

/**
 * `GET /booking`: the built booking page printed for this visitor (issue 50). The server knows who is
 * signed in (the access cookie) and the stay in the address (`?property=…&arrival=…`), so the page
 * arrives with the right form and its quote, usable before any script: the form's island wakes on
 * the guest's first touch (`client:interaction`) from that same state, and React never starts during
 * load. A visitor whose access token has run out (its refresh token goes to /api only) gets the page
 * as built, whose island wakes at once and asks, as it always did. No build (no page): a 503.
 */
export default observed(async (request: Request): Promise<Response> => {
  allowMethods(request, ['GET', 'HEAD']);
  const page = await readSessionPage(paths.booking);
  const island = page ? findIsland(page, 'BookingForm') : undefined;
  if (!page || !island) return new Response('The booking page is not built.', { status: 503 });
  const visitor = await readPageVisitor(request);
  if (visitor.kind === 'unknown') return sessionPageResponse(printIsland(page, island, null));
  const state =
    visitor.kind === 'signed-in'
      ? {
          user: visitor.visitor.user,
          query: new URL(request.url).search,
          known: await knownDetails(visitor.visitor),
        }
      : { user: null, query: new URL(request.url).search };
  const { properties } = island.props as { properties: BookableProperty[] };
  const markup = await renderBookingForm(properties, state, island.prefix);
  return sessionPageResponse(printIsland(page, island, { markup, state }));
});

/** The phone and town of the guest's latest request, for the form's first values (use-known-details.ts). */
async function knownDetails(visitor: Visitor) {
  const [latest] = await listOwnBookingRequests(visitor);
  return latest ? { phone: latest.phone, city: latest.city } : null;
}

export const config: Config = { path: '/booking' };
