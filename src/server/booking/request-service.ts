import {
  type AccountBooking,
  type BookingRequestInput,
  type CreatedBookingRequest,
  createdBookingRequestSchema,
} from '../../features/booking/booking-contract.ts';
import { todayInKerala } from '../../lib/dates.ts';
import { type Quote, quoteStay } from '../../lib/pricing.ts';
import { seasonsInPence } from '../../lib/seasons.ts';
import { findStayProblems } from '../../lib/stay-rules.ts';
import type { Visitor } from '../auth/session.ts';
import { findProperty, loadCatalogue, type PropertyFacts } from '../catalogue/catalogue.ts';
import { siteUrl } from '../config.ts';
import { serviceRole, type Transaction, withCaller } from '../db/database.ts';
import { deliverQueuedEmails, queueEmail } from '../email/delivery.ts';
import { claimIdempotencyKey, hashRequest, rememberAnswer } from '../http/idempotency.ts';
import { readOwnLedgers, selectOwnPayments, selectOwnRefunds } from '../payments/index.ts';
import { Refusal } from '../refusal.ts';
import { guestReceiptMessage, officeNoticeMessage } from './booking-emails.ts';
import { selectHolds } from './hold-repository.ts';
import { countUnread, selectReleasedPacks } from './request-extras-repository.ts';
import {
  insertBookingRequest,
  listBookingRequestsOfUser,
  selectBookingReference,
} from './request-repository.ts';
import { lockPropertyCalendar, overlapsBlock, overlapsConfirmedStay } from './stay-repository.ts';

/**
 * A guest's booking requests: only a signed-in guest sends one, the server prices it, and a guest
 * reads only their own.
 */

export const fieldsProblem = 'Some fields need your attention.';

/**
 * The property and the server's own quote for a request, or a refusal naming each field at fault. The
 * browser's quote is never trusted: whatever price fields a client adds, the schema has dropped them.
 */
export async function priceRequest(
  request: Pick<BookingRequestInput, 'property' | 'arrival' | 'departure' | 'guests'>,
  today: string,
): Promise<{ property: PropertyFacts; quote: Quote }> {
  const property = await findProperty(request.property);
  if (!property) {
    throw new Refusal('invalid', fieldsProblem, { property: 'Choose a villa or apartment from the list' });
  }
  if (!property.forRent) {
    throw new Refusal('invalid', fieldsProblem, {
      property: `${property.name} is for sale only, not to rent: choose another villa or apartment`,
    });
  }
  const problems = findStayProblems(request, property, today);
  if (Object.keys(problems).length > 0) throw new Refusal('invalid', fieldsProblem, problems);
  const quote = quoteStay({
    weeklyRatePence: property.weeklyRateGbp * 100,
    seasons: seasonsInPence(property.seasons),
    arrival: request.arrival,
    departure: request.departure,
    guests: request.guests,
    today,
  });
  return { property, quote };
}

/**
 * Stores a signed-in guest's request with status `new` and returns it with the quote; the office's
 * notice and the guest's receipt are queued in the same transaction, so they exist exactly when the
 * request does, and are sent before answering (or later by the worker, if the mail server is down).
 * The insert runs as service_role, since guests may not insert (migration 20261122000600): user_id
 * comes from the verified session, the price from the server.
 * With an Idempotency-Key, a retry gets the first answer and sends no second email. Refuses with
 * `conflict` when the dates overlap a confirmed stay or a block.
 */
export async function sendBookingRequest(
  visitor: Visitor,
  request: BookingRequestInput,
  idempotencyKey?: string,
): Promise<CreatedBookingRequest> {
  const { property, quote } = await priceRequest(request, todayInKerala());
  // Keys are per guest, so one guest's key can never replay another guest's answer.
  const scope = `booking-request:${visitor.user.id}`;
  const outcome = await withCaller(serviceRole, async (tx) => {
    if (idempotencyKey) {
      const previous = await claimIdempotencyKey(tx, scope, idempotencyKey, hashRequest(request));
      // Only a 201 is ever stored under a booking key: a refusal rolls the key back with the request.
      if (previous) return { answer: await readStoredAnswer(tx, previous.body) };
    }
    await lockPropertyCalendar(tx, property.slug);
    if (await overlapsConfirmedStay(tx, request)) {
      throw new Refusal(
        'conflict',
        `Those dates overlap a confirmed booking of ${property.name}. Please choose other dates.`,
        { arrival: 'These dates are already booked' },
      );
    }
    if (await overlapsBlock(tx, request)) {
      throw new Refusal(
        'conflict',
        `Those dates are already taken at ${property.name}. Please choose other dates.`,
        { arrival: 'These dates are already booked' },
      );
    }
    const { id, reference } = await insertBookingRequest(tx, visitor.user.id, request, quote);
    const answer: CreatedBookingRequest = { id, reference, status: 'new', quote };
    if (idempotencyKey) await rememberAnswer(tx, scope, idempotencyKey, { status: 201, body: answer });
    const sent = { id, reference, request, property, quote };
    const about = { bookingRequestId: id };
    // The receipt goes to the account's confirmed address, not the one typed into the form, so the
    // site cannot be used to send mail to addresses nobody has proved they own.
    const receipt = guestReceiptMessage(sent, visitor.user.email || request.email, siteUrl());
    const emails = [
      await queueEmail(tx, 'booking_office_notice', officeNoticeMessage(sent), about),
      await queueEmail(tx, 'booking_guest_receipt', receipt, about),
    ];
    return { answer, emails };
  });
  // A mail server that is down leaves them queued; the booking stands either way.
  if (outcome.emails) await deliverQueuedEmails(outcome.emails);
  return outcome.answer;
}

/**
 * A 201 stored under an Idempotency-Key. One stored before requests had references lacks it: the
 * request's own reference is read, so its retry answers what a retry today would.
 */
async function readStoredAnswer(tx: Transaction, body: unknown): Promise<CreatedBookingRequest> {
  const stored = body as Partial<CreatedBookingRequest>;
  const reference = stored.reference ?? (stored.id && (await selectBookingReference(tx, stored.id)));
  return createdBookingRequestSchema.parse({ ...stored, reference });
}

/**
 * The caller's own booking requests, newest first, with each property's name and kind for the account
 * page. Runs as the caller, so RLS alone decides which rows they see.
 */
export async function listOwnBookingRequests(visitor: Visitor): Promise<AccountBooking[]> {
  const catalogue = await loadCatalogue();
  const today = todayInKerala();
  const { requests, ledgers, unread, packs, payments, refunds, holds } = await withCaller(
    { role: 'authenticated', claims: visitor.claims },
    async (tx) => {
      const requests = await listBookingRequestsOfUser(tx, visitor.user.id);
      const ledgers = await readOwnLedgers(
        tx,
        requests.map(({ id, status, quote, confirmedOn }) => ({
          id,
          status,
          totalPence: quote.totalPence,
          depositPence: quote.depositPence,
          balanceDueDate: quote.balanceDueDate,
          confirmedOn,
        })),
        today,
      );
      const unread = await countUnread(
        tx,
        requests.map(({ id }) => id),
        'guest',
      );
      // As the guest: RLS and the release rule decide which packs come back.
      const packs = await selectReleasedPacks(
        tx,
        requests.map(({ id }) => id),
      );
      const ids = requests.map(({ id }) => id);
      const payments = await selectOwnPayments(tx, ids);
      const refunds = await selectOwnRefunds(tx, ids);
      const holds = await selectHolds(tx, ids);
      return { requests, ledgers, unread, packs, payments, refunds, holds };
    },
  );
  return requests.map(({ createdAt, ...request }) => {
    // A property taken off the site keeps its requests; they show its slug until the office tidies up.
    const property = catalogue.find(request.property);
    return {
      id: request.id,
      reference: request.reference,
      property: request.property,
      propertyName: property?.name ?? request.property,
      propertyKind: property?.kind ?? null,
      arrival: request.arrival,
      departure: request.departure,
      guests: request.guests,
      phone: request.phone,
      city: request.city,
      status: request.status,
      createdAt: createdAt.toISOString(),
      quote: request.quote,
      ledger: ledgers.get(request.id) ?? null,
      payments: payments
        .filter((payment) => payment.bookingId === request.id)
        .map(({ id, kind, amountPence, receivedOn }) => ({ id, kind, amountPence, receivedOn })),
      refunds: refunds
        .filter((refund) => refund.bookingId === request.id)
        .map(({ id, amountPence, status, askedOn, toCard, refundedOn }) => ({
          id,
          amountPence,
          status,
          askedOn,
          toCard,
          refundedOn,
        })),
      heldUntil: holds.get(request.id)?.heldUntil ?? null,
      bookedInstantly: holds.has(request.id),
      unreadMessages: unread.get(request.id) ?? 0,
      arrivalPack: packs.get(request.id) ?? null,
    };
  });
}
