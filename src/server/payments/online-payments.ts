import { createHash } from 'node:crypto';
import type { InRupees } from '../../features/payment/payment-contract.ts';
import { bookingTerms } from '../../lib/booking-terms.ts';
import { todayInKerala } from '../../lib/dates.ts';
import { summariseLedger } from '../../lib/ledger.ts';
import { formatPence } from '../../lib/money.ts';
import { paths, payReturnPath } from '../../lib/paths.ts';
import { choosePaymentDue, type PaymentDue } from '../../lib/payment-due.ts';
import { convertToRupees, describeRupeePayment, type RupeePayment } from '../../lib/rupee-payment.ts';
import type { Visitor } from '../auth/session.ts';
import { findProperty } from '../catalogue/catalogue.ts';
import { siteUrl } from '../config.ts';
import { type Caller, serviceRole, withCaller } from '../db/database.ts';
import { deliverQueuedEmails, queueEmail } from '../email/delivery.ts';
import { Refusal } from '../refusal.ts';
import { log } from '../runtime/logger.ts';
import { describeNextPayment, paymentReceiptMessage } from './online-payment-emails.ts';
import {
  claimProviderEvent,
  insertOnlinePayment,
  insertPaymentSession,
  lockPaymentSession,
  selectOpenSession,
  selectUnsettledSessions,
  settlePaymentSession,
} from './online-payment-repository.ts';
import { holdsPayLink, type PayLink, payLinkUrl, readPayLinkKey } from './pay-link.ts';
import type { Payable, PayableSource } from './payable.ts';
import { PaymentMismatch, tellOfficeOfMismatch } from './payment-mismatch.ts';
import { readPoundRate } from './pound-rate.ts';
import {
  type PaymentProvider,
  type ProviderEvent,
  type SessionRequest,
  type SessionState,
  sessionRequestSchema,
} from './providers/payment-provider.ts';
import { pendingReceipt, receiptFileOf, registerReceiptPreparer } from './receipt-service.ts';
import { sendPendingRefunds, settleWaitingRefunds } from './refund-service.ts';

/**
 * Taking a booking's money online: a session at the provider for exactly what is due now, and the
 * money recorded in the ledger once, whichever comes first of the provider's webhook and the guest's
 * return, however often either comes. Sessions and events are written as the server (service_role):
 * a guest reaches them only through these rules.
 */

/** A second click on Pay within this long goes back to the session the first one opened. */
const reuseSessionMs = 20 * 60 * 1000;

const noSuchBooking = () => new Refusal('not_found', 'There is no booking with that reference to pay.');

/** What is due now on a booking, judged on Kerala's `today`; null when nothing is. */
export function readPaymentDue(booking: Payable, today: string): PaymentDue | null {
  const summary = summariseLedger(booking, booking.receivedPence, today);
  return choosePaymentDue({ ...booking, ...summary });
}

/** Who is paying: a signed-in guest (RLS shows them only their bookings), or the holder of a pay link. */
export type Payer = { visitor: Visitor } | { link: Partial<PayLink> };

/** How the guest chose to pay: in pounds (the default), or in rupees, the paise they were shown. */
export type PaymentChoice = { currency: 'GBP' } | { currency: 'INR'; paise: number };

/**
 * What `pence` is in rupees at the office's rate, when `provider` takes rupees and the rate can be
 * used today (dated no later, and worth ₹1 or more); null otherwise.
 */
function quoteRupees(provider: PaymentProvider, pence: number, today: string): RupeePayment | null {
  const rate = provider.currencies.includes('INR') ? readPoundRate() : undefined;
  if (!rate) return null;
  try {
    return convertToRupees(pence, rate, today);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * The booking `reference` and what it owes now, as `payer` may see it. Refused when the payer may not
 * see the booking (not found, as for one that does not exist), when it is not confirmed, or when
 * nothing is owed.
 */
async function readPayable(
  payables: PayableSource,
  reference: string,
  payer: Payer,
  today: string,
  part?: string,
) {
  let reader: Caller = serviceRole;
  if ('visitor' in payer) {
    reader = { role: 'authenticated', claims: payer.visitor.claims };
  } else if (!holdsPayLink(await readPayLinkKey(), reference, payer.link, today)) {
    throw new Refusal(
      'forbidden',
      'This payment link has expired or is not valid. Sign in to pay from your account.',
    );
  }
  const source = part === undefined ? payables : payables.parts;
  if (!source) throw noSuchBooking();
  const booking = await withCaller(reader, (tx) =>
    part === undefined ? payables.readCharge(tx, { reference }) : source.readCharge(tx, { id: part }),
  );
  // A part is paid by its own stay's reference (its link and its return page name the stay).
  if (!booking || booking.deleted || booking.reference !== reference) {
    throw part === undefined ? noSuchBooking() : source.notFound();
  }
  const refusal = source.refusePayment(booking);
  if (refusal) throw refusal;
  // A hold is paid as if confirmed today: the deposit, or everything when the stay is near.
  const due = readPaymentDue(
    payables.awaitsPayment(booking) ? { ...booking, confirmedOn: today } : booking,
    today,
  );
  if (!due) {
    throw new Refusal(
      'conflict',
      booking.partOf
        ? `${booking.partOf.description} is paid (${formatPence(booking.totalPence)}).`
        : `This booking is paid in full (${formatPence(booking.totalPence)}).`,
    );
  }
  return { booking, due };
}

/**
 * What `reference` owes now, and what that is in rupees at the office's rate when the provider takes
 * rupees: the choice a guest is offered before paying. Refused as `startPayment` is.
 */
export async function quotePayment(
  payables: PayableSource,
  provider: PaymentProvider,
  reference: string,
  payer: Payer,
  part?: string,
): Promise<{ due: PaymentDue; rupees: RupeePayment | null; paidFor?: string }> {
  const today = todayInKerala();
  const { booking, due } = await readPayable(payables, reference, payer, today, part);
  return {
    due,
    rupees: quoteRupees(provider, due.amountPence, today),
    ...(booking.partOf ? { paidFor: booking.partOf.description } : {}),
  };
}

/**
 * Opens a session at the provider for what `reference` owes now and answers the page to send the guest
 * to: in pounds, or in rupees when the guest chose them at the paise they were shown (refused when
 * the provider takes no rupees, or the rate changed since, so the guest never pays what they did
 * not read). With `part`, what one of its parts (a service booked on the stay) costs, on its own.
 * Refused as `readPayable` says otherwise.
 */
export async function startPayment(
  payables: PayableSource,
  provider: PaymentProvider,
  reference: string,
  payer: Payer,
  choice: PaymentChoice = { currency: 'GBP' },
  part?: string,
): Promise<{ url: string }> {
  const today = todayInKerala();
  const { booking, due } = await readPayable(payables, reference, payer, today, part);
  let rupees: RupeePayment | null = null;
  if (choice.currency === 'INR') {
    rupees = quoteRupees(provider, due.amountPence, today);
    if (!rupees) throw new Refusal('conflict', 'Paying in rupees is not offered just now: pay in pounds.');
    if (rupees.paise !== choice.paise) {
      throw new Refusal(
        'conflict',
        `The amount in rupees is now ${describeRupeePayment(rupees)}: go back and choose again.`,
      );
    }
  }
  return openPaymentSession(provider, booking, due, rupees);
}

/**
 * Sends the guest to the provider's page for `due` on `booking`, in pounds or in the `rupees` the guest
 * was shown: the session a click in the last minutes opened for the same amount while it is still open
 * there, else a new one, recorded here.
 */
export async function openPaymentSession(
  provider: PaymentProvider,
  booking: Payable,
  due: PaymentDue,
  rupees: RupeePayment | null = null,
): Promise<{ url: string }> {
  const charge = rupees
    ? {
        currency: 'INR' as const,
        chargeMinor: rupees.paise,
        rupeesPerPound: rupees.rupeesPerPound,
        rateOf: rupees.rateOf,
      }
    : { currency: 'GBP' as const };
  const open = await withCaller(serviceRole, (tx) =>
    selectOpenSession(
      tx,
      sessionOwner(booking),
      provider.name,
      { ...due, ...charge },
      new Date(Date.now() - reuseSessionMs),
    ),
  );
  if (open) {
    const state = await provider.findSession(open.providerSessionId);
    if (state.status === 'open' && state.url) return { url: state.url };
  }
  const property = await findProperty(booking.property);
  const site = siteUrl();
  const owner = sessionOwner(booking);
  const request: SessionRequest = {
    bookingId: owner.bookingId,
    reference: booking.reference,
    kind: due.kind,
    due: { minor: due.amountPence, currency: 'GBP' },
    ...(rupees
      ? {
          charge: { minor: rupees.paise, currency: 'INR' },
          rate: { rupeesPerPound: rupees.rupeesPerPound, rateOf: rupees.rateOf },
        }
      : { charge: { minor: due.amountPence, currency: 'GBP' } }),
    description: booking.partOf
      ? `${booking.partOf.description}, ${property?.name ?? booking.property}, ${booking.reference}`
      : `${due.kind === 'deposit' ? 'Deposit' : 'Payment'} for ${property?.name ?? booking.property}, ${booking.reference}`,
    customerEmail: booking.to,
    returnUrl: `${site}${payReturnPath(booking.reference)}`,
    cancelUrl: `${site}${paths.account}`,
  };
  // The same request within the reuse window names the same opening, so two clicks at once (which the
  // open-session check above cannot see yet) open one session the guest could pay, not two.
  const window = Math.floor(Date.now() / reuseSessionMs);
  const key = createHash('sha256')
    .update(`${JSON.stringify(request)} ${window}`)
    .digest('hex')
    .slice(0, 40);
  const session = await provider.createSession(sessionRequestSchema.parse(request), key);
  await withCaller(serviceRole, (tx) =>
    insertPaymentSession(tx, {
      ...owner,
      provider: provider.name,
      providerSessionId: session.sessionId,
      kind: due.kind,
      amountPence: due.amountPence,
      ...charge,
    }),
  );
  return { url: session.url };
}

/** The rows a session and its payment name: the stay's, and the part's beside it when it pays one. */
const sessionOwner = (payable: Payable) =>
  payable.partOf
    ? { bookingId: payable.partOf.stayId, serviceId: payable.id }
    : { bookingId: payable.id, serviceId: null };

/** What settling a session did; every outcome but a refusal is answered 200 to a webhook. */
export type Settlement =
  | { outcome: 'recorded' | 'already_recorded'; bookingId: string; amountPence: number }
  | { outcome: 'not_paid' | 'expired'; bookingId: string }
  | { outcome: 'duplicate_event' | 'ignored' }
  | { outcome: 'unrecorded'; bookingId: string; reason: 'not_confirmed' | 'over_total' | 'nights_taken' };

/**
 * Records a session the provider says is paid, once: the session must be one we opened, for the
 * booking, amount and currency we opened it for. The provider's event id, when a webhook brings it,
 * is stored in the same transaction, so a retried delivery records nothing again. Paid money the
 * ledger refuses (the booking cancelled meanwhile, or the total passed) is kept as "unrecorded" for the
 * office to refund. A receipt is queued with the ledger entry and sent once committed, its PDF made then.
 * A session that pays an instant booking's hold confirms it first (`hold-service.ts`); one that came
 * too late for its nights is refunded whole through the provider at once.
 */
export async function settleSession(
  payables: PayableSource,
  provider: PaymentProvider,
  state: SessionState,
  event?: Pick<ProviderEvent, 'eventId' | 'type'>,
): Promise<Settlement> {
  const key = await readPayLinkKey();
  const today = todayInKerala();
  const { settlement, emailIds, refundsOf } = await settle(
    payables,
    provider,
    state,
    key,
    today,
    event,
  ).catch(async (error: unknown) => {
    if (error instanceof PaymentMismatch) await tellOfficeOfMismatch(provider.name, error);
    throw error;
  });
  if (refundsOf) await sendPendingRefunds(payables, provider, serviceRole, refundsOf);
  if (emailIds) {
    registerReceiptPreparer(payables);
    await deliverQueuedEmails(emailIds);
  }
  return settlement;
}

/**
 * The transaction of `settleSession`: answers what it did, the emails it queued (the receipt, and an
 * instant booking's confirmation), and the booking whose refunds it recorded to ask of the provider.
 */
function settle(
  payables: PayableSource,
  provider: PaymentProvider,
  state: SessionState,
  key: Awaited<ReturnType<typeof readPayLinkKey>>,
  today: string,
  event: Pick<ProviderEvent, 'eventId' | 'type'> | undefined,
): Promise<{ settlement: Settlement; emailIds?: string[]; refundsOf?: string }> {
  return withCaller(serviceRole, async (tx) => {
    if (event) {
      const first = await claimProviderEvent(tx, {
        provider: provider.name,
        eventId: event.eventId,
        type: event.type,
        providerSessionId: state.sessionId,
      });
      if (!first) return { settlement: { outcome: 'duplicate_event' } as Settlement };
    }
    const session = await lockPaymentSession(tx, provider.name, state.sessionId);
    if (!session) throw new Refusal('not_found', `No payment session ${state.sessionId} was opened here.`);
    if (state.bookingId !== null && state.bookingId !== session.bookingId) {
      throw new Refusal('conflict', `Session ${state.sessionId} belongs to another booking than it names.`);
    }
    if (state.status === 'open')
      return { settlement: { outcome: 'not_paid', bookingId: session.bookingId } as Settlement };
    if (session.status !== 'open') {
      return {
        settlement: (session.status === 'paid'
          ? { outcome: 'already_recorded', bookingId: session.bookingId, amountPence: session.amountPence }
          : {
              outcome: session.status === 'expired' ? 'expired' : 'ignored',
              bookingId: session.bookingId,
            }) as Settlement,
      };
    }
    if (state.status === 'expired') {
      await settlePaymentSession(tx, session.id, 'expired', null);
      return { settlement: { outcome: 'expired', bookingId: session.bookingId } as Settlement };
    }
    // What the guest was asked for, in the currency they paid in (pence, or paise for rupees).
    const asked = session.currency === 'INR' ? session.chargeMinor : session.amountPence;
    if (state.amount.minor !== asked || state.amount.currency !== session.currency) {
      throw new PaymentMismatch(session, state, asked ?? 0);
    }
    if (!state.paymentReference)
      throw new Refusal('conflict', `Session ${state.sessionId} is paid without a payment reference.`);
    // A session naming a service settles the service, through the parts' source, and nothing of the stay.
    const source = session.serviceId ? payables.parts : payables;
    if (!source) throw new Error(`Session ${state.sessionId} names a service, and no source pays services`);
    const booking = await source.lockForSettlement(tx, session.serviceId ?? session.bookingId);
    if (!booking) throw new Error(`Booking ${session.bookingId} vanished while its payment was settled`);
    const paid = await source.onPaid(tx, booking);
    if (paid === 'too_late') {
      await settlePaymentSession(tx, session.id, 'unrecorded', null);
      return {
        settlement: {
          outcome: 'unrecorded',
          bookingId: session.bookingId,
          reason: 'nights_taken',
        } as Settlement,
        emailIds: await source.onPaidTooLate(tx, { ...session, provider: provider.name }),
        refundsOf: session.bookingId,
      };
    }
    const inRupees =
      session.currency === 'INR' && session.chargeMinor && session.rupeesPerPound && session.rateOf
        ? { paise: session.chargeMinor, rupeesPerPound: session.rupeesPerPound, rateOf: session.rateOf }
        : undefined;
    const recorded = await insertOnlinePayment(tx, {
      bookingId: session.bookingId,
      serviceId: session.serviceId,
      kind: session.kind,
      amountPence: session.amountPence,
      receivedOn: today,
      provider: provider.name,
      providerReference: state.paymentReference,
      method: state.method,
      ...(inRupees ? { inRupees } : {}),
    });
    if (recorded.outcome === 'duplicate') {
      return {
        settlement: {
          outcome: 'already_recorded',
          bookingId: session.bookingId,
          amountPence: session.amountPence,
        } as Settlement,
      };
    }
    if (recorded.outcome !== 'recorded') {
      await settlePaymentSession(tx, session.id, 'unrecorded', null);
      log().error(
        { payment: state.paymentReference, booking: booking.reference, outcome: recorded.outcome },
        'A payment was taken but not recorded: refund it.',
      );
      return {
        settlement: {
          outcome: 'unrecorded',
          bookingId: session.bookingId,
          reason: recorded.outcome,
        } as Settlement,
      };
    }
    await settlePaymentSession(tx, session.id, 'paid', recorded.id);
    await source.onRecorded?.(tx, booking, recorded.id);
    const after = {
      ...booking,
      ...(paid === 'confirmed' ? { status: 'confirmed', confirmedOn: today } : {}),
      receivedPence: booking.receivedPence + session.amountPence,
    };
    const next = readPaymentDue(after, today);
    const property = await findProperty(booking.property);
    const confirmation =
      paid === 'confirmed'
        ? await source.onConfirmedByPayment(tx, booking.id, {
            receivedPence: after.receivedPence,
            next: describeNextPayment(next),
          })
        : [];
    // The PDF is made as the email is sent, from what this transaction committed, not while it holds
    // the calendar and the booking (receipt-service.ts registers how).
    const receiptFile = await receiptFileOf(tx, recorded.id);
    const emailId = await queueEmail(
      tx,
      'payment_receipt',
      paymentReceiptMessage(
        {
          to: booking.to,
          name: booking.name,
          reference: booking.reference,
          propertyName: property?.name ?? booking.property,
          arrival: booking.arrival,
          departure: booking.departure,
          kind: session.kind,
          amountPence: session.amountPence,
          method: state.method ?? 'card',
          ...(inRupees ? { inRupees } : {}),
          receivedOn: today,
          totalPence: booking.totalPence,
          receivedPence: after.receivedPence,
          next,
          payUrl: payLinkUrl(key, siteUrl(), booking.reference, booking.arrival),
          ...(booking.partOf ? { service: booking.partOf.description } : {}),
        },
        siteUrl(),
        receiptFile,
      ),
      {
        bookingRequestId: session.bookingId,
        attachmentPending: pendingReceipt(session.bookingId, recorded.id),
      },
    );
    return {
      settlement: {
        outcome: 'recorded',
        bookingId: session.bookingId,
        amountPence: session.amountPence,
      } as Settlement,
      emailIds: [...confirmation, emailId],
    };
  });
}

/** Reads a webhook (its signature verified by the provider) and settles the session it is about. */
export async function receiveWebhook(
  payables: PayableSource,
  provider: PaymentProvider,
  rawBody: string,
  headers: Headers,
): Promise<Settlement> {
  const event = await provider.readWebhook(rawBody, headers);
  if (!event.session) {
    await withCaller(serviceRole, (tx) =>
      claimProviderEvent(tx, {
        provider: provider.name,
        eventId: event.eventId,
        type: event.type,
        providerSessionId: null,
      }),
    );
    return { outcome: 'ignored' };
  }
  return settleSession(payables, provider, event.session, event);
}

/** What the return page tells the guest. */
export type PaymentResult = {
  reference: string;
  /**
   * booked: received, and an instant booking confirmed by it; returned: taken by the provider, but
   * what it paid for could no longer take it, so it goes back to the guest.
   */
  outcome: 'received' | 'booked' | 'processing' | 'not_taken' | 'returned';
  /** Why nothing was kept, when the guest should know (their hold's nights were taken: refunded). */
  why?: string;
  amountPence: number;
  /** Set when the guest paid in rupees: the paise, at the dated rate `amountPence` was worked out by. */
  inRupees?: InRupees;
  /** What is still due and when, in a sentence (nothing once paid in full). */
  next: string;
  nextDue: PaymentDue | null;
  /** Set when it paid a part on its own (a service): what it paid for, in words. */
  paidFor?: string;
};

/**
 * The guest back from the provider's page: asks the provider about the session (its webhook may not
 * have come yet) and records the money if it has not been, then says what was received and what is next.
 * The session id is the key, as the provider's own return address carries it.
 */
export async function readPaymentResult(
  payables: PayableSource,
  provider: PaymentProvider,
  reference: string,
  sessionId: string,
): Promise<PaymentResult> {
  const known = await withCaller(serviceRole, (tx) => lockPaymentSession(tx, provider.name, sessionId));
  if (!known || known.reference !== reference) {
    throw new Refusal('not_found', 'We know of no such payment for this booking.');
  }
  const state = await provider.findSession(sessionId);
  const settled = await settleSession(payables, provider, state);
  const part = known.serviceId;
  const booking = await withCaller(serviceRole, async (tx) =>
    part ? await payables.parts?.readCharge(tx, { id: part }) : await payables.readCharge(tx, { reference }),
  );
  if (!booking) throw noSuchBooking();
  const nextDue = booking.status === 'confirmed' ? readPaymentDue(booking, todayInKerala()) : null;
  const received = settled.outcome === 'recorded' || settled.outcome === 'already_recorded';
  // Taken but not kept, now or on an earlier visit to this page: never "nothing was charged".
  const returned = settled.outcome === 'unrecorded' || known.status === 'unrecorded';
  const outcome = received
    ? booking.bookedInstantly
      ? 'booked'
      : 'received'
    : returned
      ? 'returned'
      : settled.outcome === 'not_paid'
        ? 'processing'
        : 'not_taken';
  const why = returned
    ? describeReturnedPayment(
        settled.outcome === 'unrecorded' ? settled.reason : undefined,
        booking.partOf?.description ?? `booking ${reference}`,
      )
    : undefined;
  return {
    reference,
    outcome,
    ...(why ? { why } : {}),
    amountPence: known.amountPence,
    ...(known.currency === 'INR' && known.chargeMinor && known.rupeesPerPound && known.rateOf
      ? { inRupees: { paise: known.chargeMinor, rupeesPerPound: known.rupeesPerPound, rateOf: known.rateOf } }
      : {}),
    next: describeNextPayment(nextDue, booking.partOf?.description),
    nextDue,
    ...(booking.partOf ? { paidFor: booking.partOf.description } : {}),
  };
}

/**
 * Why a payment the provider took is going back, and how, in the guest's words: the nights a hold waited
 * for were booked meanwhile (refunded at once), what it paid for was cancelled or stopped taking
 * payments, or it had been paid in full already (the office refunds those). Unknown on a later visit.
 */
export function describeReturnedPayment(
  reason: 'not_confirmed' | 'over_total' | 'nights_taken' | undefined,
  paidFor: string,
): string {
  switch (reason) {
    case 'nights_taken':
      return `Your payment came after the ${bookingTerms.holdMinutes} minutes we held the nights for, and they were booked meanwhile: it is refunded in full to the way you paid, and we will email you when it is on its way.`;
    case 'not_confirmed':
      return `Your payment arrived after ${paidFor} had stopped taking payments (it was cancelled or changed meanwhile), so we cannot keep it: our office will refund it in full to the way you paid, and we will email you when it is on its way.`;
    case 'over_total':
      return `${capitalise(paidFor)} was already paid in full when your payment arrived (from another tab, or by our office), so we cannot keep it: our office will refund it in full to the way you paid, and we will email you when it is on its way.`;
    default:
      return `We could not keep this payment for ${paidFor}: our office will refund it in full to the way you paid, and we will email you when it is on its way.`;
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What one reconciliation run found, by what settling each session did. */
export type ReconciliationReport = {
  asked: number;
  recorded: number;
  expired: number;
  open: number;
  failed: number;
  /** Instant book's holds whose time ran out, released once their sessions were asked about. */
  released: number;
  /** Refunds that waited at the provider and are settled now: back with the guest, or failed (owed). */
  refunds: { refunded: number; failed: number };
};

/** A session is asked about once it has been open this long without a webhook or a return. */
export const reconcileAfterMs = 10 * 60 * 1000;

/**
 * Asks the provider about every session still open after `reconcileAfterMs` (at most `limit`, oldest
 * first) and settles each as its webhook would have: a payment whose webhook was lost is recorded
 * (once, as ever), an abandoned session is marked expired once the provider expires it. One session
 * the provider cannot answer for is counted and left for the next run. Then every hold whose time ran
 * out is released, after its session had the chance to confirm it.
 */
export async function reconcilePayments(
  payables: PayableSource,
  provider: PaymentProvider,
  { now = new Date(), limit = 100 } = {},
): Promise<ReconciliationReport> {
  const report: ReconciliationReport = {
    asked: 0,
    recorded: 0,
    expired: 0,
    open: 0,
    failed: 0,
    released: 0,
    refunds: { refunded: 0, failed: 0 },
  };
  const sessions = await withCaller(serviceRole, (tx) =>
    selectUnsettledSessions(tx, provider.name, new Date(now.getTime() - reconcileAfterMs), limit),
  );
  for (const session of sessions) {
    report.asked++;
    try {
      const settled = await settleSession(
        payables,
        provider,
        await provider.findSession(session.providerSessionId),
      );
      if (settled.outcome === 'recorded') report.recorded++;
      else if (settled.outcome === 'expired') report.expired++;
      else if (settled.outcome === 'not_paid') report.open++;
    } catch (error) {
      report.failed++;
      log().error(
        { err: error, session: session.providerSessionId, booking: session.reference },
        'A payment session could not be reconciled',
      );
    }
  }
  report.released = (await payables.releaseUnpaid()).length;
  const { refunded, failed } = await settleWaitingRefunds(payables, provider, { limit });
  report.refunds = { refunded, failed };
  return report;
}

/** A line for the log: what one reconciliation run did. */
export const describeReconciliation = ({
  asked,
  recorded,
  expired,
  open,
  failed,
  released,
  refunds,
}: ReconciliationReport) =>
  `Payments reconciled: ${asked} open ${asked === 1 ? 'session' : 'sessions'} asked about, ${recorded} recorded, ${expired} expired, ${open} still open, ${failed} failed; ${released} lapsed ${released === 1 ? 'hold' : 'holds'} released; waiting refunds: ${refunds.refunded} refunded, ${refunds.failed} failed.`;

/**
 * Runs `reconcilePayments` every `everyMs` for `npm start`, one run at a time, with the configured
 * provider; a run that fails is logged and the next one tries again. Answers the stop function.
 */
export function startReconciliationWorker(
  payables: PayableSource,
  provider: () => PaymentProvider,
  everyMs = 5 * 60 * 1000,
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const report = await reconcilePayments(payables, provider());
      if (report.asked > 0 || report.released > 0 || report.refunds.refunded + report.refunds.failed > 0)
        console.log(describeReconciliation(report));
    } catch (error) {
      console.error('The payments could not be reconciled; the next run tries again', error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
