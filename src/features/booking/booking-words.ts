import { formatStayDate, todayInKerala } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import type { AccountBooking, BookingStatus } from './booking-contract.ts';
import { describeAnswerBy } from './stay-words.ts';

/**
 * What a booking's card says about it, from everything that decides it: its status, its money, its
 * hold and its dates. The account page reads only this, so a paid deposit can never sit beside "these
 * dates are yours once the deposit is paid".
 */

/** Where a booking's money stands, in the order it usually moves. */
export const moneyStates = [
  'nothing_paid',
  'deposit_received',
  'paid_in_full',
  'refunding',
  'refunded',
] as const;
export type MoneyState = (typeof moneyStates)[number];

/** The money facts the words need; amounts in whole pence. */
export type BookingMoney = {
  totalPence: number;
  /** Everything received, before any refund. */
  receivedPence: number;
  /** Back with the guest. */
  refundedPence: number;
  /** Asked of the provider or owed by the office, not yet back. */
  refundingPence: number;
  /** A confirmed booking's balance still to pay after what is due now, and the day it falls due. */
  balanceDueOn: string | null;
  overdue: boolean;
};

export type BookingState = {
  status: BookingStatus;
  money: BookingMoney;
  /** The end of a hold (an ISO timestamp) while the booking is held; else null. */
  heldUntil: string | null;
  /** Booked at once (instant book: held while its guest paid), not sent as a request for the office to answer. */
  bookedInstantly: boolean;
  arrival: string;
  departure: string;
  /** The Kerala day the request was sent. */
  sentOn: string;
  /** The Kerala day it is read on. */
  today: string;
  /** The moment it is read at (an ISO timestamp), against which a hold ends. */
  now: string;
  /** The guest's own time zone (their browser's), in which the end of a hold is told. */
  timeZone: string;
};

/** booked and stayed are a confirmed booking with its deposit in; the others follow the status. */
export type BookingTone = BookingStatus | 'booked' | 'stayed';

export type BookingWords = {
  /** The short label of the card's header: "Booked", "Awaiting confirmation". */
  label: string;
  /** What it means and what happens next, in a sentence or two. */
  explanation: string;
  tone: BookingTone;
  /** What the day it was made is called on the card: a request was "Sent", an instant booking "Booked". */
  madeLabel: 'Sent' | 'Booked';
};

/** How a booking's money reads, refunds first: any refund asked for is what the guest now waits on. */
export function judgeMoney(money: BookingMoney): MoneyState {
  if (money.refundingPence > 0) return 'refunding';
  if (money.refundedPence > 0) return 'refunded';
  if (money.receivedPence <= 0) return 'nothing_paid';
  return money.receivedPence >= money.totalPence ? 'paid_in_full' : 'deposit_received';
}

/**
 * What a closed booking did with the guest's money: nothing, a refund on its way or done, or what the
 * cancellation terms keep. Empty when nothing was ever paid.
 */
function describeMoneyBack(money: BookingMoney): string {
  const { receivedPence, refundedPence, refundingPence } = money;
  if (receivedPence <= 0) return 'Nothing was paid and nothing is due.';
  const kept = receivedPence - refundedPence - refundingPence;
  const parts: string[] = [];
  if (refundedPence > 0) parts.push(`${formatPence(refundedPence)} has been refunded to you.`);
  if (refundingPence > 0) {
    parts.push(
      `A refund of ${formatPence(refundingPence)} is on its way back to you; we email when it is done.`,
    );
  }
  if (kept > 0) {
    parts.push(
      refundedPence + refundingPence > 0
        ? `Under the cancellation terms we keep the other ${formatPence(kept)} of the ${formatPence(receivedPence)} paid.`
        : `Under the cancellation terms we keep the ${formatPence(receivedPence)} paid.`,
    );
  }
  return `${parts.join(' ')} Nothing more is due; the receipts stay below.`;
}

/** A confirmed booking's words by its money and dates. */
function describeConfirmed(state: BookingState): Omit<BookingWords, 'madeLabel'> {
  const { money, today, arrival, departure } = state;
  if (today >= departure) {
    return {
      label: 'Stay ended',
      explanation: 'Thank you for staying with us. We would love to hear how it was.',
      tone: 'stayed',
    };
  }
  if (money.receivedPence <= 0) {
    return {
      label: 'Confirmed: deposit due',
      explanation:
        'We have confirmed your dates. They are yours once the deposit is paid: pay it online below.',
      tone: 'confirmed',
    };
  }
  const staying = today >= arrival;
  // As the ledger counts it (src/lib/ledger.ts): what was received, whatever the office refunded since.
  const outstanding = Math.max(0, money.totalPence - money.receivedPence);
  const opening = staying ? 'Booked: enjoy your stay.' : 'Booked: these dates are yours.';
  if (outstanding === 0) {
    return { label: 'Booked', explanation: `${opening} Paid in full; nothing more is due.`, tone: 'booked' };
  }
  const due = money.balanceDueOn
    ? `The balance of ${formatPence(outstanding)} is due by ${formatStayDate(money.balanceDueOn)}`
    : `The balance of ${formatPence(outstanding)} is still to pay`;
  const late = money.overdue ? ' and is overdue: please pay it below or call the office' : '';
  return {
    label: 'Booked',
    explanation: `${opening} Deposit received. ${due}${late}.`,
    tone: 'booked',
  };
}

/**
 * The hour and minute a hold ends, as the guest's clock shows it: "10:42 GMT". Every sentence that
 * names a hold's end says it so: the account's card and the moment before the payment page.
 */
export function formatHoldEnd(
  heldUntil: string,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    // The zone's short name ("GST", "GMT+5:30"): a guest abroad reads whose clock it is.
    timeZoneName: 'short',
  }).format(new Date(heldUntil));
}

/** What a booking's card says, from its whole state. */
export function describeBooking(state: BookingState): BookingWords {
  return { ...describeStatus(state), madeLabel: state.bookedInstantly ? 'Booked' : 'Sent' };
}

/** The label, the explanation and the tone, by status, money, dates and hold. */
function describeStatus(state: BookingState): Omit<BookingWords, 'madeLabel'> {
  const { status, money } = state;
  switch (status) {
    case 'new':
      return {
        label: 'Awaiting confirmation',
        explanation: `We are checking the calendar; nothing is held and nothing is due yet. ${describeAnswerBy(state.sentOn)}`,
        tone: 'new',
      };
    case 'held': {
      if (money.receivedPence > 0) {
        return {
          label: 'Deposit received',
          explanation:
            'Your deposit has arrived: we are confirming the booking now. Reload the page in a minute.',
          tone: 'booked',
        };
      }
      if (state.heldUntil && state.heldUntil <= state.now) {
        return {
          label: 'Hold expired',
          explanation: 'The deposit was not paid in time, so the nights were released; nothing is due.',
          tone: 'expired',
        };
      }
      const until = state.heldUntil ? ` until ${formatHoldEnd(state.heldUntil, state.timeZone)}` : '';
      return {
        label: 'Held while you pay',
        explanation: `These nights are held for you${until}: pay the deposit to book them at once.`,
        tone: 'held',
      };
    }
    case 'confirmed':
      return describeConfirmed(state);
    case 'expired':
      return {
        label: 'Hold expired',
        explanation:
          money.receivedPence > 0
            ? `The deposit arrived after the hold ended and the nights had gone. ${describeMoneyBack(money)}`
            : 'The deposit was not paid in time, so the nights were released; nothing is due.',
        tone: 'expired',
      };
    case 'cancelled':
      return {
        label: 'Cancelled',
        explanation: `This booking was cancelled. ${describeMoneyBack(money)}`,
        tone: 'cancelled',
      };
    case 'declined':
      return {
        label: 'Declined',
        explanation:
          money.receivedPence > 0
            ? `We could not offer these dates. ${describeMoneyBack(money)}`
            : 'We could not offer these dates. Send a new request for other dates, or call us for ideas.',
        tone: 'declined',
      };
    case 'withdrawn':
      return {
        label: 'Withdrawn',
        explanation: 'You withdrew this request; nothing is due. Send a new request whenever you like.',
        tone: 'withdrawn',
      };
  }
}

/** An account page's booking as the state its words are read from, at `now`, in the reader's time zone. */
export function readBookingState(
  request: AccountBooking,
  now: Date,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): BookingState {
  const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
  const summary = request.ledger?.summary;
  return {
    status: request.status,
    money: {
      totalPence: request.quote.totalPence,
      receivedPence: sum(request.payments.map((payment) => payment.amountPence)),
      refundedPence: sum(
        request.refunds.filter((refund) => refund.status === 'refunded').map((refund) => refund.amountPence),
      ),
      refundingPence: sum(
        request.refunds.filter((refund) => refund.status !== 'refunded').map((refund) => refund.amountPence),
      ),
      balanceDueOn: summary?.dueOn ?? null,
      overdue: summary?.overdue ?? false,
    },
    heldUntil: request.heldUntil,
    bookedInstantly: request.bookedInstantly,
    arrival: request.arrival,
    departure: request.departure,
    sentOn: todayInKerala(new Date(request.createdAt)),
    today: todayInKerala(now),
    now: now.toISOString(),
    timeZone,
  };
}
