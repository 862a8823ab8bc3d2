import { formatStayDate } from '../../../lib/dates.ts';
import type { Payable, PayableMoney, PayableSource } from '../../payments/index.ts';
import { Refusal } from '../../refusal.ts';
import { bookingPayables } from '../booking-payable.ts';
import { lockPayableBooking, type PayableBooking, selectPayableBookingById } from '../money-repository.ts';
import {
  type ServiceMoneyRow,
  selectServiceMoney,
  selectStayOfService,
  setServicePayment,
} from './booked-service-repository.ts';

/**
 * A service booked on a stay as payments sees it: a part of the stay paid in full, on its own, once it
 * is confirmed and priced (docs/decisions.md, "A service is paid in full, on its own"). Its owner, its
 * address and its home are its stay's; its charge is its own price; its sessions and payments name the
 * stay and the service (`booking_service_id`). `stayPayables` is the stay's source with this one as its
 * parts: what the edges hand to payments, so a webhook, a return or a reconciliation run settles a
 * service's session through this file.
 */

const serviceNotFound = () => new Refusal('not_found', 'There is no such service on this booking to pay.');

/** "Airport transfers on Thu 12 Mar 2026, 23:45 India time". */
export const describeServicePaid = (row: Pick<ServiceMoneyRow, 'name' | 'date' | 'time'>) =>
  `${row.name} on ${formatStayDate(row.date)}, ${row.time} India time`;

/**
 * The service's status as paying reads it: its own, but a confirmed service on a stay not confirmed
 * (or no longer) takes no payment, as the ledger's trigger holds.
 */
const chargeStatus = (stay: PayableBooking, row: ServiceMoneyRow) =>
  row.status === 'confirmed' && stay.status !== 'confirmed' ? 'stay_not_confirmed' : row.status;

function toPayable(stay: PayableBooking, row: ServiceMoneyRow): Payable {
  const pricePence = row.pricePence ?? 0;
  return {
    ...stay,
    id: row.id,
    status: chargeStatus(stay, row),
    totalPence: pricePence,
    depositPence: pricePence,
    balanceDueDate: null,
    confirmedOn: null,
    receivedPence: row.receivedPence,
    bookedInstantly: false,
    partOf: { stayId: stay.id, description: describeServicePaid(row) },
  };
}

async function readServiceCharge(
  tx: Parameters<PayableSource['readCharge']>[0],
  id: string,
  { lock = false } = {},
): Promise<{ payable: Payable; row: ServiceMoneyRow } | undefined> {
  const stayId = await selectStayOfService(tx, id);
  if (!stayId) return undefined;
  // The stay's row before the service's, as the ledger's trigger locks them.
  const stay = lock ? await lockPayableBooking(tx, stayId) : await selectPayableBookingById(tx, stayId);
  const row = stay && (await selectServiceMoney(tx, id, { lock }));
  if (!stay || !row) return undefined;
  return { payable: toPayable(stay, row), row };
}

export const servicePayables: PayableSource = {
  async readCharge(tx, by) {
    // A service is named by its own id; a reference names its stay, never one of its services.
    if (!('id' in by)) return undefined;
    return (await readServiceCharge(tx, by.id))?.payable;
  },
  refusePayment(service) {
    if (service.status === 'confirmed') return undefined;
    const words: Record<string, string> = {
      awaiting_price:
        'This service waits for the office to price it: we will email you its price, and then it can be paid.',
      requested: 'This service waits for the concierge to confirm it: it can be paid once it is.',
      stay_not_confirmed: 'This service can be paid once its stay is confirmed.',
      cancelled: 'This service is cancelled: nothing is due.',
      refunded: 'This service is cancelled and refunded: nothing is due.',
    };
    return new Refusal(
      'conflict',
      words[service.status] ?? `This service is ${service.status}: nothing is due.`,
    );
  },
  awaitsPayment: () => false,
  async readMoney(tx, id): Promise<PayableMoney | undefined> {
    const charge = await readServiceCharge(tx, id);
    if (!charge) return undefined;
    return { ...charge.payable, refundedPence: charge.row.refundPence ?? 0 };
  },
  // A service is paid when the guest asks to pay it: nothing of it is chased or reminded.
  listOutstanding: async () => [],
  lockForSettlement: async (tx, id) => (await readServiceCharge(tx, id, { lock: true }))?.payable,
  onPaid: async () => 'as_it_was',
  onConfirmedByPayment: async () => [],
  onPaidTooLate() {
    throw new Error('A service is never paid too late: its payment confirms nothing');
  },
  releaseUnpaid: async () => [],
  notFound: serviceNotFound,
  onRecorded: (tx, service, paymentId) => setServicePayment(tx, service.id, paymentId),
};

/** The stay's payable with its services as its parts: what the edges hand to payments. */
export const stayPayables: PayableSource = { ...bookingPayables, parts: servicePayables };
