import { z } from 'zod';
import type { BookingRequestInput, InstantBookingAnswer } from '../../features/booking/booking-contract.ts';
import { todayInKerala } from '../../lib/dates.ts';
import type { Visitor } from '../auth/session.ts';
import { readLimit } from '../config.ts';
import { serviceRole, type Transaction, withCaller } from '../db/database.ts';
import { claimIdempotencyKey, hashRequest, rememberAnswer } from '../http/idempotency.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { openPaymentSession, readPaymentDue } from '../payments/index.ts';
import { Refusal } from '../refusal.ts';
import {
  countRunningHoldsFrom,
  lockHoldCounts,
  recordHoldClient,
  selectRunningHoldOf,
} from './hold-repository.ts';
import { holdMinutes } from './hold-service.ts';
import { selectPayableBooking } from './money-repository.ts';
import { insertBookingRequest } from './request-repository.ts';
import { fieldsProblem, priceRequest } from './request-service.ts';
import { lockPropertyCalendar, overlapsBlock, overlapsConfirmedStay } from './stay-repository.ts';

/**
 * Instant book: a signed-in guest books free nights of a property whose content marks it `instantBook`
 * and pays what is due now at once. The booking is stored `held` for `holdMinutes`, which the database's
 * overlap constraint counts like a confirmed stay, and the guest is sent to the provider's page; the
 * payment confirms it (`hold-service.ts`, from the settlement of its session). Other properties keep
 * the request the office confirms (`request-service.ts`).
 */

/**
 * Running holds one client (an address, an IPv6 /64) may have at once, across every account it signs
 * in with, and at most one of them on any one home: a stay may be 90 nights, so three holds bound what
 * one connection keeps from everyone else (and from the platforms that read the home's feed) to one
 * long stay per home for half an hour, while a family or an office behind one address can still book.
 */
export const runningHoldsPerClient = () => readLimit('HOLDS_PER_CLIENT', 3);

const minutesUntil = (iso: string | null) =>
  Math.max(1, Math.ceil(((iso ? Date.parse(iso) : Date.now()) - Date.now()) / 60_000));

/**
 * Refuses a hold `visitor` may not make now: their account already holds a stay (one hold is one
 * guest paying for one stay), or the client has as many running holds as it may, or one on this home.
 * Lapsed, paid and deleted holds count for nothing. Run under lockHoldCounts.
 */
async function refuseHoardedHolds(
  tx: Transaction,
  visitor: Visitor,
  client: string,
  propertySlug: string,
): Promise<void> {
  const own = await selectRunningHoldOf(tx, visitor.user.id);
  if (own) {
    const minutes = minutesUntil(own.heldUntil);
    throw new Refusal(
      'conflict',
      `You already hold the nights of ${own.reference} while you pay for it: finish that payment from your account page, ` +
        `or wait until the hold lapses in ${minutes} minute${minutes === 1 ? '' : 's'}, before holding another stay.`,
      { arrival: `${own.reference} is held for you; pay for it or let it lapse first` },
    );
  }
  const limit = runningHoldsPerClient();
  if (limit === 0) return;
  const { running, onProperty, firstEnds } = await countRunningHoldsFrom(tx, client, propertySlug);
  if (running >= limit || onProperty > 0) {
    const minutes = minutesUntil(firstEnds);
    throw new Refusal(
      'too_many',
      onProperty > 0
        ? 'Another stay at this home is already held from your connection while it is paid for. ' +
            `Please try again once that payment is made or the hold lapses (within ${minutes} minute${minutes === 1 ? '' : 's'}), or send us a request instead.`
        : `${running} stays are already held from your connection while they are paid for. ` +
            `Please try again once one is paid or lapses (within ${minutes} minute${minutes === 1 ? '' : 's'}), or send us a request instead.`,
      undefined,
      { retryAfterSeconds: minutes * 60 },
    );
  }
}

/** What an Idempotency-Key keeps of a hold: enough to send a retry to the same booking's payment. */
const storedHoldSchema = z.object({ id: z.string(), reference: z.string(), heldUntil: z.string() });

/**
 * Holds the nights of `request` for `visitor` and opens a payment session for what is due on them now;
 * answers the hold and the provider's page. Refused field by field like a request (422), when the
 * property is booked by request (422 on property), and when the nights are not free (409 on arrival):
 * the check runs under the property's calendar lock, so of two guests racing for the same nights one
 * holds them and the other is refused. With an Idempotency-Key a second submit (a double click) holds
 * nothing more and goes to the same payment. An account holds one stay at a time (409), and `client`
 * (clientAddress of the request) at most runningHoldsPerClient, one per home (429, with when one frees).
 */
export async function bookInstantly(
  provider: PaymentProvider,
  visitor: Visitor,
  client: string,
  request: BookingRequestInput,
  idempotencyKey?: string,
): Promise<InstantBookingAnswer> {
  const today = todayInKerala();
  const { property, quote } = await priceRequest(request, today);
  if (!property.instantBook) {
    throw new Refusal('invalid', fieldsProblem, {
      property: `${property.name} is booked by request: send a request and we confirm it by email`,
    });
  }
  const scope = `instant-booking:${visitor.user.id}`;
  const held = await withCaller(serviceRole, async (tx) => {
    if (idempotencyKey) {
      const previous = await claimIdempotencyKey(tx, scope, idempotencyKey, hashRequest(request));
      if (previous) return storedHoldSchema.parse(previous.body);
    }
    await lockHoldCounts(tx, visitor.user.id, client);
    await refuseHoardedHolds(tx, visitor, client, property.slug);
    await lockPropertyCalendar(tx, property.slug);
    if ((await overlapsConfirmedStay(tx, request)) || (await overlapsBlock(tx, request))) {
      throw new Refusal(
        'conflict',
        `Those nights are no longer free at ${property.name}. Please choose other dates.`,
        { arrival: 'These dates are already booked' },
      );
    }
    // Its emails go to the account's proven address, as a request's receipt does (request-service.ts).
    const stored = await insertBookingRequest(
      tx,
      visitor.user.id,
      { ...request, email: visitor.user.email || request.email },
      quote,
      { holdMinutes },
    );
    const answer = storedHoldSchema.parse(stored);
    await recordHoldClient(tx, answer.id, client);
    if (idempotencyKey) await rememberAnswer(tx, scope, idempotencyKey, { status: 201, body: answer });
    return answer;
  });

  const booking = await withCaller(serviceRole, (tx) => selectPayableBooking(tx, held.reference));
  if (!booking) throw new Error(`Hold ${held.reference} vanished before its payment was opened`);
  if (booking.status !== 'held') {
    throw new Refusal(
      'conflict',
      booking.status === 'confirmed'
        ? `${held.reference} is paid and confirmed already: see it on your account page.`
        : `The nights of ${held.reference} were held for ${holdMinutes} minutes and released. Book again if they are still free.`,
    );
  }
  // Due as if confirmed today: the deposit, or everything when the stay is near.
  const due = readPaymentDue({ ...booking, confirmedOn: today }, today);
  if (!due) throw new Error(`Hold ${held.reference} owes nothing to pay`);
  const { url } = await openPaymentSession(provider, booking, due);
  return { ...held, status: 'held', quote, payUrl: url };
}
