import type { Config } from '@netlify/functions';
import type { OfficeContact } from '../../src/features/account/HowToPay.tsx';
import { renderAccount } from '../../src/features/account/render-account.ts';
import { accountBookingRequestsAnswerSchema } from '../../src/features/booking/booking-contract.ts';
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
 * `GET /account`: the built account page printed for this visitor (issue 50): signed in, who they are
 * and each booking as `GET /api/account/booking-requests` answers it, where it stands and what is due;
 * signed out, the offer to sign in. The island starts from that same state, so what the page says
 * before React starts is what React then shows: signed out, on the guest's first touch (no React
 * during load); signed in, at once after load, since each card fetches more of its own. A visitor whose access token has run out (its refresh token goes to /api only) gets the page
 * as built, whose island wakes at once and asks, as it always did. No build (no page): a 503.
 */
export default observed(async (request: Request): Promise<Response> => {
  allowMethods(request, ['GET', 'HEAD']);
  const page = await readSessionPage(paths.account);
  const island = page ? findIsland(page, 'AccountBookings') : undefined;
  if (!page || !island) return new Response('The account page is not built.', { status: 503 });
  const visitor = await readPageVisitor(request);
  if (visitor.kind === 'unknown') return sessionPageResponse(printIsland(page, island, null));
  const query = new URL(request.url).search;
  const state =
    visitor.kind === 'signed-in'
      ? { user: visitor.visitor.user, query, requests: await ownRequestsAsSent(visitor.visitor) }
      : { user: null, query };
  const { office } = island.props as { office: OfficeContact };
  const markup = await renderAccount(office, state, island.prefix);
  // Signed in, the island still wakes at once, from the printed state: each card asks for more of its
  // own (what cancelling refunds and what was refunded, the services, the guest list), which only the
  // island fetches, and an email's link to a conversation (`?messages=<id>`) opens it. The page says
  // where each booking stands meanwhile, and nothing is fetched twice. Signed out, it sleeps.
  const wakeAtOnce = visitor.kind === 'signed-in';
  return sessionPageResponse(printIsland(page, island, { markup, state, wakeAtOnce }));
});

/** The list as the island reads the API's answer: through JSON and its schema (unknown keys dropped). */
async function ownRequestsAsSent(visitor: Visitor) {
  const list = JSON.parse(JSON.stringify(await listOwnBookingRequests(visitor))) as unknown;
  return accountBookingRequestsAnswerSchema.parse({ bookingRequests: list }).bookingRequests;
}

export const config: Config = { path: '/account' };
