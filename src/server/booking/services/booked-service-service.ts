import type {
  BookedService,
  BookingServicesAnswer,
  OfficeBookingServices,
  ServicesToday,
} from '../../../features/booking/booking-service-contract.ts';
import {
  describeBookedService,
  judgeServiceCutoffs,
  priceServiceChoice,
  refundServiceCancellation,
  type ServiceChoice,
  type ServiceChoiceErrors,
  serviceStartsAt,
} from '../../../lib/concierge-services.ts';
import { addDays, formatStayDate, todayInKerala } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { paths } from '../../../lib/paths.ts';
import { callerFor } from '../../auth/admin-caller.ts';
import type { Visitor } from '../../auth/session.ts';
import { readPropertyNames } from '../../catalogue/catalogue.ts';
import { siteUrl } from '../../config.ts';
import { serviceRole, type Transaction, withCaller } from '../../db/database.ts';
import { deliverQueuedEmails, queueEmail } from '../../email/delivery.ts';
import {
  type PaymentProvider,
  recordRefunds,
  selectRefundablePayments,
  sendPendingRefunds,
} from '../../payments/index.ts';
import { Refusal } from '../../refusal.ts';
import { signature } from '../booking-emails.ts';
import { bookingNotFound } from '../booking-target.ts';
import { selectBookingForGuest } from '../request-repository.ts';
import {
  type BookedServiceRow,
  insertBookedService,
  listBookedServices,
  lockBookedService,
  type StayForServices,
  selectOfficeServices,
  selectServicesBetween,
  selectStayForServices,
  updateBookedService,
} from './booked-service-repository.ts';
import { findService, listServicesAt } from './service-menu.ts';
import { stayPayables } from './service-payable.ts';

/**
 * The concierge's services on a booking: its guest picks them on /account until each one's cut-off
 * (priced and judged by the same pure rules the island shows them with), and cancels them; the office
 * prices those on request and confirms them, and the guest is told by email; Today lists the day's.
 * Each side works as itself, so RLS holds.
 */

const guestCaller = (visitor: Visitor) => ({ role: 'authenticated' as const, claims: visitor.claims });

/** A booking takes services while it is asked for or confirmed and its guests have not left. */
const takesServices = (stay: StayForServices, today: string) =>
  (stay.status === 'new' || stay.status === 'confirmed') && today <= stay.departure;

/** The guest's own booking, or not found (another's is the same as none). */
async function openOwnStay(tx: Transaction, visitor: Visitor, bookingId: string): Promise<StayForServices> {
  const stay = await selectStayForServices(tx, bookingId);
  if (!stay || stay.userId !== visitor.user.id) throw bookingNotFound();
  return stay;
}

/** A stored row as both sides read it, its words decided at `now`. */
export function toBookedService(row: BookedServiceRow, now: Date): BookedService {
  const service = findService(row.service);
  const state = describeBookedService(
    {
      status: row.status,
      pricePence: row.pricePence,
      refundPence: row.refundPence,
      paid: row.paymentId !== null,
      date: row.date,
      time: row.time,
      freeCancellationHours: Math.max(
        0,
        Math.round((serviceStartsAt(row).getTime() - Date.parse(row.freeCancellationUntil)) / 3_600_000),
      ),
      lateCancellationRefundPercent: row.lateRefundPercent,
    },
    now,
  );
  return {
    id: row.id,
    service: row.service,
    name: service?.name ?? row.name,
    date: row.date,
    time: row.time,
    quantity: row.quantity,
    chosen: row.chosen,
    flight: row.flight,
    note: row.note,
    pricePence: row.pricePence,
    status: row.status,
    words: state.words,
    freeCancellationUntil: row.freeCancellationUntil,
    cancellable: state.cancellable,
    cancelWords: state.cancelWords,
    paid: row.paymentId !== null,
    paymentId: row.paymentId,
    payable: row.status === 'confirmed' && row.pricePence !== null && row.paymentId === null,
  };
}

async function answerFor(tx: Transaction, stay: StayForServices, now: Date): Promise<BookingServicesAnswer> {
  return {
    reference: stay.reference,
    stay: { property: stay.property, arrival: stay.arrival, departure: stay.departure, guests: stay.guests },
    open: takesServices(stay, todayInKerala(now)),
    offered: listServicesAt(stay.property),
    booked: (await listBookedServices(tx, stay.id)).map((row) => {
      const booked = toBookedService(row, now);
      // Its payment waits for the stay's confirmation, as the ledger's trigger holds.
      return stay.status === 'confirmed'
        ? booked
        : {
            ...booked,
            payable: false,
            ...(booked.payable
              ? { words: `${booked.words} It can be paid once the stay is confirmed.` }
              : {}),
          };
    }),
  };
}

/** What the guest's own booking's home offers and what the stay has booked. */
export function readOwnServices(
  visitor: Visitor,
  bookingId: string,
  now = new Date(),
): Promise<BookingServicesAnswer> {
  return withCaller(guestCaller(visitor), async (tx) =>
    answerFor(tx, await openOwnStay(tx, visitor, bookingId), now),
  );
}

/**
 * Every field wrong with `choice` on `stay` at `now`, in words: the service, its options and how many
 * (priced by priceServiceChoice), its day and time (judgeServiceCutoffs), the flight a transfer needs.
 */
export function checkServiceChoice(choice: ServiceChoice, stay: StayForServices, now: Date) {
  const service = findService(choice.service);
  if (!service) {
    return { errors: { service: 'Choose one of the services on the list.' } as ServiceChoiceErrors };
  }
  const priced = priceServiceChoice(service, choice, stay);
  const cutoffs = judgeServiceCutoffs(service, choice, stay, now);
  const errors: ServiceChoiceErrors = { ...(priced.ok ? {} : priced.errors), ...cutoffs.errors };
  if (service.asksFlight && !choice.flight) {
    errors.flight = 'Give the flight number, e.g. EK 532, so the driver can follow it.';
  }
  return { errors, service, priced, cutoffs };
}

/**
 * Adds a service to the guest's own booking: once per `requestKey` (a double click stores one row),
 * refused with every field's reason in words, or with 409 once the booking takes no more.
 */
export async function addOwnService(
  visitor: Visitor,
  bookingId: string,
  choice: ServiceChoice,
  requestKey: string,
  now = new Date(),
): Promise<BookingServicesAnswer> {
  return withCaller(guestCaller(visitor), async (tx) => {
    const stay = await openOwnStay(tx, visitor, bookingId);
    if (!takesServices(stay, todayInKerala(now))) {
      throw new Refusal(
        'conflict',
        `Services can be added while a booking is asked for or confirmed, until its last day.`,
      );
    }
    const checked = checkServiceChoice(choice, stay, now);
    if (
      Object.keys(checked.errors).length > 0 ||
      !checked.service ||
      !checked.priced?.ok ||
      !checked.cutoffs
    ) {
      throw new Refusal(
        'invalid',
        'Some fields need your attention.',
        checked.errors as Record<string, string>,
      );
    }
    const { service, priced, cutoffs } = checked;
    await insertBookedService(tx, {
      bookingId,
      service: service.id,
      name: service.name,
      startsAt: serviceStartsAt(choice),
      date: choice.date,
      time: choice.time,
      quantity: priced.price.quantity,
      options: choice.options,
      chosen: priced.price.chosen,
      flight: service.asksFlight ? choice.flight : undefined,
      note: choice.note,
      pricePence: priced.price.total?.minor ?? null,
      freeCancellationUntil: cutoffs.freeCancellationUntil,
      lateRefundPercent: service.lateCancellationRefundPercent,
      requestKey,
      createdBy: visitor.user.id,
    });
    return answerFor(tx, stay, now);
  });
}

/**
 * Cancels one of the guest's own services before it starts. One not yet paid is simply cancelled; a
 * paid one is refunded by its rule (`refundServiceCancellation`: in full until its free cancellation
 * ends, then its late share), recorded in the same transaction as the cancelling, from its own payment
 * only, then asked of `provider` (null: none configured, so it is owed for the office), and the guest
 * is sent its credit note once the provider has made it. A second cancel finds it cancelled (409).
 */
export async function cancelOwnService(
  visitor: Visitor,
  bookingId: string,
  serviceId: string,
  now = new Date(),
  provider: PaymentProvider | null = null,
): Promise<BookingServicesAnswer> {
  const refunded = await withCaller(guestCaller(visitor), async (tx) => {
    await openOwnStay(tx, visitor, bookingId);
    const row = await lockBookedService(tx, serviceId);
    if (!row || row.bookingId !== bookingId)
      throw new Refusal('not_found', 'There is no such service on this booking.');
    const state = toBookedService(row, now);
    if (!state.cancellable) {
      throw new Refusal('conflict', state.cancelWords || `This service is ${state.words.toLowerCase()}`);
    }
    if (row.paymentId === null) {
      await updateBookedService(tx, serviceId, { status: 'cancelled' });
      return false;
    }
    // Its refund is the server's to record: a guest's role changes nothing of a service but its status.
    return tx.as(serviceRole, () => refundByItsRule(tx, row, now));
  });
  if (refunded) await sendPendingRefunds(stayPayables, provider, serviceRole, bookingId);
  return withCaller(guestCaller(visitor), async (tx) =>
    answerFor(tx, await openOwnStay(tx, visitor, bookingId), now),
  );
}

/**
 * Cancels a paid service and refunds it by its rule at `now`, from its own payment only, in `tx` (the
 * server's): refunded with what its rule gives back, or cancelled when that is nothing. Answers whether
 * a refund was recorded, for the provider to be asked once `tx` commits.
 */
async function refundByItsRule(tx: Transaction, row: BookedServiceRow, now: Date): Promise<boolean> {
  const payments = await selectRefundablePayments(tx, row.bookingId, 'server', { serviceId: row.id });
  const paidPence = payments.reduce((sum, payment) => sum + payment.amountPence - payment.refundedPence, 0);
  const { refundPence } = refundServiceCancellation(
    {
      freeCancellationHours: Math.max(
        0,
        Math.round((serviceStartsAt(row).getTime() - Date.parse(row.freeCancellationUntil)) / 3_600_000),
      ),
      lateCancellationRefundPercent: row.lateRefundPercent,
    },
    row,
    paidPence,
    now,
  );
  if (refundPence === 0) {
    if (row.status !== 'cancelled') await updateBookedService(tx, row.id, { status: 'cancelled' });
    return false;
  }
  await updateBookedService(tx, row.id, { status: 'refunded', refundPence });
  await recordRefunds(tx, payments, refundPence, {
    bookingId: row.bookingId,
    reason: 'cancellation',
    requestedBy: null,
  });
  return true;
}

/**
 * Once a stay is cancelled (its trigger cancels its services with it), refunds each of its services
 * that was paid on its own by that service's rule, as cancelling the service would have: the stay's
 * policy never decides a service's money. Runs as the server; a service refunded already is left be,
 * so a second call refunds nothing again. The provider is then asked for the refunds.
 */
export async function refundServicesOfCancelledStay(
  provider: PaymentProvider | null,
  bookingId: string,
  now = new Date(),
): Promise<void> {
  const refunded = await withCaller(serviceRole, async (tx) => {
    let any = false;
    for (const row of await listBookedServices(tx, bookingId)) {
      if (row.status !== 'cancelled' || row.paymentId === null || row.refundPence !== null) continue;
      const locked = await lockBookedService(tx, row.id);
      if (locked?.status !== 'cancelled' || locked.refundPence !== null) continue;
      if (await refundByItsRule(tx, locked, now)) any = true;
    }
    return any;
  });
  if (refunded) await sendPendingRefunds(stayPayables, provider, serviceRole, bookingId);
}

/**
 * The office confirms a service: one on request with the price it has agreed (refused without one),
 * one priced when chosen as it was. The guest is told by email, queued in the same transaction.
 */
export async function confirmServiceByOffice(
  visitor: Visitor,
  serviceId: string,
  input: { pricePence?: number | undefined },
  now = new Date(),
): Promise<BookedService> {
  const propertyName = await readPropertyNames();
  const confirmed = await withCaller(callerFor(visitor), async (tx) => {
    const row = await lockBookedService(tx, serviceId);
    if (!row) throw new Refusal('not_found', 'There is no such service.');
    if (row.status !== 'requested' && row.status !== 'awaiting_price') {
      throw new Refusal(
        'conflict',
        `This service is ${row.status.replace('_', ' ')}: there is nothing to confirm.`,
      );
    }
    const pricePence =
      row.status === 'awaiting_price' ? input.pricePence : (input.pricePence ?? row.pricePence);
    if (pricePence === undefined || pricePence === null) {
      throw new Refusal('invalid', 'Some fields need your attention.', {
        pricePence: 'Give the price the office agreed, so the guest can be told it.',
      });
    }
    await updateBookedService(tx, serviceId, { status: 'confirmed', pricePence });
    const email = await tx.as(serviceRole, async () => {
      const booking = await selectBookingForGuest(tx, row.bookingId);
      if (!booking) throw bookingNotFound();
      const when = `${row.date} at ${row.time} India time`;
      return queueEmail(
        tx,
        'service_confirmed',
        {
          to: booking.to,
          subject: `Confirmed: ${row.name} on ${row.date} (${booking.reference})`,
          text:
            `Dear ${booking.name},\n\n` +
            `The concierge has confirmed ${row.name}${row.chosen.length > 0 ? ` (${row.chosen.join('; ')})` : ''} for your stay at ${propertyName(booking.property)}, on ${when}.\n\n` +
            `Its price: ${formatMoney({ minor: pricePence, currency: 'GBP' })}, apart from the stay's, which is unchanged.\n` +
            `You can see it, and cancel it free until its cut-off, on your account: ${siteUrl()}${paths.account}\n` +
            signature,
        },
        { bookingRequestId: row.bookingId },
      );
    });
    const [after] = (await listBookedServices(tx, row.bookingId)).filter((each) => each.id === serviceId);
    return { email, service: toBookedService(after as BookedServiceRow, now) };
  });
  await deliverQueuedEmails([confirmed.email]);
  return confirmed.service;
}

/** A booking's services with their own payments and refunds, for the office's booking page (admins only). */
export async function readOfficeServices(
  visitor: Visitor,
  bookingId: string,
): Promise<OfficeBookingServices> {
  return { services: await withCaller(callerFor(visitor), (tx) => selectOfficeServices(tx, bookingId)) };
}

/** Today's and tomorrow's services, by when they start, for the office's day. */
export async function readServicesToday(visitor: Visitor, now = new Date()): Promise<ServicesToday> {
  const today = todayInKerala(now);
  const propertyName = await readPropertyNames();
  const rows = await withCaller(callerFor(visitor), (tx) =>
    selectServicesBetween(tx, today, addDays(today, 1)),
  );
  return {
    today,
    services: rows.map((row) => ({
      ...toBookedService(row, now),
      bookingId: row.bookingId,
      reference: row.reference,
      guestName: row.guestName,
      propertyName: propertyName(row.property),
    })),
  };
}

/** "Thu 12 Mar, 23:45: Airport transfers (Airport: Kochi (COK); Car: SUV), flight EK 532, £55: confirmed." */
export function describeServiceLine(row: BookedServiceRow): string {
  const chosen = row.chosen.length > 0 ? ` (${row.chosen.join('; ')})` : '';
  const flight = row.flight ? `, flight ${row.flight}` : '';
  const price =
    row.pricePence === null
      ? ', price to be confirmed'
      : `, ${formatMoney({ minor: row.pricePence, currency: 'GBP' })}`;
  const status = row.status === 'confirmed' ? 'confirmed' : 'asked for';
  return `${formatStayDate(row.date)}, ${row.time}: ${row.name}${chosen}${flight}${price}: ${status}.`;
}

/** The lines of a stay's services still on, by when they start, for its emails. */
export async function listServiceLinesOf(tx: Transaction, bookingId: string): Promise<string[]> {
  return (await listBookedServices(tx, bookingId))
    .filter(
      (row) => row.status === 'requested' || row.status === 'awaiting_price' || row.status === 'confirmed',
    )
    .map(describeServiceLine);
}
