import type { PayableSource } from '../payments/index.ts';
import { Refusal } from '../refusal.ts';
import { bookingNotFound } from './booking-target.ts';
import {
  confirmPaidHold,
  isHold,
  queueInstantConfirmation,
  refundLostHold,
  releaseLapsedHolds,
} from './hold-service.ts';
import {
  lockPayableBooking,
  selectBalancesDue,
  selectBookingMoney,
  selectPayableBooking,
  selectPayableBookingById,
} from './money-repository.ts';
import { lockCalendarOfHold } from './stay-repository.ts';

/**
 * A booking as payments sees what it is paid for: the one place booking meets the payments below it.
 * The functions and the booking's own services hand `bookingPayables` to payments' entry points.
 */
export const bookingPayables: PayableSource = {
  readCharge: (tx, by) =>
    'reference' in by ? selectPayableBooking(tx, by.reference) : selectPayableBookingById(tx, by.id),
  refusePayment(booking) {
    if (booking.status === 'confirmed' || booking.status === 'held') return undefined;
    return new Refusal(
      'conflict',
      booking.status === 'new'
        ? 'This booking is not confirmed yet: we will email you when it is, with a link to pay the deposit.'
        : booking.status === 'expired'
          ? 'The 30 minutes these nights were held for ran out, so nothing is due. Book again if they are still free.'
          : `This booking is ${booking.status}: nothing is due.`,
    );
  },
  awaitsPayment: (booking) => isHold(booking.status) && !booking.deleted,
  readMoney: selectBookingMoney,
  listOutstanding: selectBalancesDue,
  async lockForSettlement(tx, id) {
    // A hold's payment may confirm it, so its property's calendar is locked before its row, as every
    // change of a stay's nights locks them.
    await lockCalendarOfHold(tx, id);
    return lockPayableBooking(tx, id);
  },
  async onPaid(tx, booking) {
    if (!isHold(booking.status) || booking.deleted) return 'as_it_was';
    return (await confirmPaidHold(tx, booking.id)) === 'confirmed' ? 'confirmed' : 'too_late';
  },
  onConfirmedByPayment: queueInstantConfirmation,
  onPaidTooLate: refundLostHold,
  releaseUnpaid: releaseLapsedHolds,
  notFound: bookingNotFound,
};
