import type { SentBooking } from '../../features/auth/auth-contract.ts';
import { type BookingRequestInput, bookingRequestSchema } from '../../features/booking/booking-contract.ts';
import { formatStayDate, todayInKerala } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { requestSignInLink } from '../auth/account-service.ts';
import { authProvider } from '../auth/auth.ts';
import type { Session } from '../auth/auth-provider.ts';
import { rememberRegisteringBrowser } from '../auth/registering-browsers.ts';
import type { Visitor } from '../auth/session.ts';
import { serviceRole, withCaller } from '../db/database.ts';
import { claimIdempotencyKey, hashRequest, rememberAnswer } from '../http/idempotency.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { Refusal } from '../refusal.ts';
import { bookInstantly } from './instant-book-service.ts';
import { priceRequest, sendBookingRequest } from './request-service.ts';
import { overlapsBlock, overlapsConfirmedStay } from './stay-repository.ts';
import {
  deleteExpiredUnconfirmedRequests,
  insertUnconfirmedRequest,
  lockUnconfirmedRequest,
  markUnconfirmedRequestSent,
} from './unconfirmed-request-repository.ts';

/**
 * Email-first booking (issue 48): a guest who is not signed in sends the form with their email address;
 * the request is kept, unconfirmed, and a sign-in link with its six-digit code goes to that address.
 * Nothing is held and nobody in the office hears of it until the link or code proves the address: then
 * the guest's account is made if there is none (no password), that browser is signed in, and the
 * request is sent as the account's, checked and priced again by the same services a signed-in guest's
 * request goes through. The request exists for the office only once its email is confirmed, so no one
 * can send one in someone else's name; a day later it is gone.
 */

/** The stay's own words for the email: chosen from lists and a calendar, never typed, so safe to send. */
function describeStay(request: BookingRequestInput, propertyName: string, instant: boolean) {
  const stay = `${propertyName}, ${formatStayDate(request.arrival)} to ${formatStayDate(request.departure)}, ${request.guests} guest${request.guests === 1 ? '' : 's'}`;
  return instant
    ? `confirm your email and book ${stay} (you pay the deposit next)`
    : `confirm your email and send your booking request for ${stay}`;
}

/** The booking page with the stay chosen, to try again from. */
function bookingPathOf(request: BookingRequestInput): string {
  const { property, arrival, departure, guests } = request;
  return `${paths.booking}?${new URLSearchParams({ property, arrival, departure, guests: String(guests) })}`;
}

/**
 * Checks and prices the request as a signed-in guest's would be (so a mistake is told now, field by
 * field), refuses dates already taken, keeps it unconfirmed and emails the link and code. Answers its
 * id, and the secret of the browser cookie that lets the link sign this browser in without a press.
 */
export async function keepUntilConfirmed(
  request: BookingRequestInput,
  client: string,
  idempotencyKey?: string,
): Promise<{ id: string; browserSecret: string }> {
  const { property } = await priceRequest(request, todayInKerala());
  // Keys are per client: a retry (a double press) keeps one request and mails one link.
  const scope = `unconfirmed-booking:${client}`;
  const kept = await withCaller(serviceRole, async (tx) => {
    if (idempotencyKey) {
      const previous = await claimIdempotencyKey(tx, scope, idempotencyKey, hashRequest(request));
      if (previous) return { id: (previous.body as { request: string }).request, retry: true };
    }
    if ((await overlapsConfirmedStay(tx, request)) || (await overlapsBlock(tx, request))) {
      throw new Refusal(
        'conflict',
        `Those dates are already taken at ${property.name}. Please choose other dates.`,
        { arrival: 'These dates are already booked' },
      );
    }
    const id = await insertUnconfirmedRequest(tx, { email: request.email, request, clientKey: client });
    if (idempotencyKey) {
      const body = { status: 'link_sent', email: request.email, request: id };
      await rememberAnswer(tx, scope, idempotencyKey, { status: 202, body });
    }
    return { id, retry: false };
  });
  const { id } = kept;
  if (kept.retry) return { id, browserSecret: await rememberRegisteringBrowser(request.email) };
  const redirect = `${paths.verifyEmail}?${new URLSearchParams({ next: paths.account, request: id })}`;
  const { browserSecret } = await requestSignInLink(
    { email: request.email, next: paths.account },
    {
      name: request.name,
      redirect,
      about: describeStay(request, property.name, Boolean(property.instantBook)),
    },
  );
  return { id, browserSecret };
}

/**
 * Sends the unconfirmed request `id` as the signed-in guest's, once: a request the office answers, or
 * for an instant-book home its nights held with the page to pay on. The request is sent under an
 * idempotency key of its own, so the link and the code, or two presses, send it once. Only a request
 * typed with the session's address is sent; any other answers as unknown.
 */
export async function sendUnconfirmedRequest(
  session: Session,
  id: string,
  payments: () => PaymentProvider,
): Promise<SentBooking> {
  const visitor: Visitor = {
    claims: await authProvider().verifyAccessToken(session.accessToken),
    user: session.user,
  };
  const kept = await withCaller(serviceRole, (tx) => lockUnconfirmedRequest(tx, id, session.user.email));
  if (!kept) {
    return {
      outcome: 'not_sent',
      message:
        'We could not find a request typed with this email address. Please fill the booking form again.',
      retryPath: paths.booking,
    };
  }
  const parsed = bookingRequestSchema.safeParse(kept.request);
  if (!parsed.success) throw new Error(`Unconfirmed request ${id} no longer reads as a booking request`);
  const request = { ...parsed.data, email: session.user.email };
  if (kept.expired && !kept.sent_at) {
    return {
      outcome: 'not_sent',
      message:
        'This request waited more than a day for its email, so it was not sent. You are signed in: send it again from the form.',
      retryPath: bookingPathOf(request),
    };
  }
  const key = `unconfirmed-${id}`;
  try {
    const { property } = await priceRequest(request, todayInKerala());
    if (property.instantBook) {
      const hold = await bookInstantly(payments(), visitor, kept.client_key, request, key);
      await withCaller(serviceRole, (tx) => markUnconfirmedRequestSent(tx, id, hold.id));
      return { outcome: 'sent', reference: hold.reference, payUrl: hold.payUrl };
    }
    const sent = await sendBookingRequest(visitor, request, key);
    await withCaller(serviceRole, (tx) => markUnconfirmedRequestSent(tx, id, sent.id));
    return { outcome: 'sent', reference: sent.reference };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { outcome: 'not_sent', message: error.message, retryPath: bookingPathOf(request) };
  }
}

/** The daily purge's part: forgets the unconfirmed requests whose day is over. */
export function forgetExpiredUnconfirmedRequests(): Promise<number> {
  return withCaller(serviceRole, deleteExpiredUnconfirmedRequests);
}
