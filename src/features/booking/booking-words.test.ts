import { describe, expect, it } from 'vitest';
import { bookingStatuses } from './booking-contract.ts';
import {
  type BookingMoney,
  type BookingState,
  describeBooking,
  formatHoldEnd,
  judgeMoney,
  type MoneyState,
  moneyStates,
} from './booking-words.ts';

/** A stay of £2,200 with a £440 deposit, its balance due on 1 March, read on 10 January. */
const total = 220_000;
const deposit = 44_000;

const moneyOf: Record<MoneyState, BookingMoney> = {
  nothing_paid: {
    totalPence: total,
    receivedPence: 0,
    refundedPence: 0,
    refundingPence: 0,
    balanceDueOn: '2027-03-01',
    overdue: false,
  },
  deposit_received: {
    totalPence: total,
    receivedPence: deposit,
    refundedPence: 0,
    refundingPence: 0,
    balanceDueOn: '2027-03-01',
    overdue: false,
  },
  paid_in_full: {
    totalPence: total,
    receivedPence: total,
    refundedPence: 0,
    refundingPence: 0,
    balanceDueOn: '2027-03-01',
    overdue: false,
  },
  refunding: {
    totalPence: total,
    receivedPence: deposit,
    refundedPence: 0,
    refundingPence: 22_000,
    balanceDueOn: null,
    overdue: false,
  },
  refunded: {
    totalPence: total,
    receivedPence: deposit,
    refundedPence: deposit,
    refundingPence: 0,
    balanceDueOn: null,
    overdue: false,
  },
};

/** The days a stay of 1 to 8 April 2027 is read on. */
const days = { before: '2027-01-10', during: '2027-04-03', after: '2027-04-08' } as const;
type Day = keyof typeof days;

const stateOf = (
  status: BookingState['status'],
  money: MoneyState,
  day: Day = 'before',
  hold: 'running' | 'lapsed' | 'none' = status === 'held' ? 'running' : 'none',
): BookingState => ({
  status,
  money: moneyOf[money],
  heldUntil:
    hold === 'none' ? null : hold === 'running' ? '2027-01-10T10:30:00.000Z' : '2027-01-10T09:30:00.000Z',
  bookedInstantly: status === 'held' || status === 'expired',
  arrival: '2027-04-01',
  departure: '2027-04-08',
  sentOn: '2027-01-08',
  today: days[day],
  now: '2027-01-10T10:00:00.000Z',
  timeZone: 'Europe/London',
});

describe('judgeMoney', () => {
  it.each(moneyStates)('%s is read back from its amounts', (state) => {
    expect(judgeMoney(moneyOf[state])).toBe(state);
  });
});

/**
 * Every status with every state of its money and, where they change the words, its dates and hold:
 * the label, and words the explanation must hold. Combinations a booking cannot reach (a withdrawn
 * request with money) still read sensibly, so a data fault never prints a promise.
 */
const table: [BookingState, string, string][] = [
  [stateOf('new', 'nothing_paid'), 'Awaiting confirmation', 'We answer by email by Mon, 11 January 2027'],
  [
    stateOf('held', 'nothing_paid'),
    'Held while you pay',
    'held for you until 10:30 GMT: pay the deposit to book',
  ],
  [
    stateOf('held', 'nothing_paid', 'before', 'lapsed'),
    'Hold expired',
    'nights were released; nothing is due',
  ],
  [stateOf('held', 'deposit_received'), 'Deposit received', 'we are confirming the booking now'],
  [stateOf('held', 'paid_in_full'), 'Deposit received', 'we are confirming the booking now'],
  [stateOf('confirmed', 'nothing_paid'), 'Confirmed: deposit due', 'yours once the deposit is paid'],
  [
    stateOf('confirmed', 'deposit_received'),
    'Booked',
    'Booked: these dates are yours. Deposit received. The balance of £1,760 is due by Mon, 1 March 2027.',
  ],
  [
    stateOf('confirmed', 'paid_in_full'),
    'Booked',
    'Booked: these dates are yours. Paid in full; nothing more is due.',
  ],
  [stateOf('confirmed', 'refunding'), 'Booked', 'Booked: these dates are yours. Deposit received.'],
  [stateOf('confirmed', 'refunded'), 'Booked', 'Booked: these dates are yours. Deposit received.'],
  [stateOf('confirmed', 'deposit_received', 'during'), 'Booked', 'Booked: enjoy your stay.'],
  [stateOf('confirmed', 'paid_in_full', 'during'), 'Booked', 'enjoy your stay. Paid in full'],
  [stateOf('confirmed', 'paid_in_full', 'after'), 'Stay ended', 'Thank you for staying with us'],
  [stateOf('confirmed', 'nothing_paid', 'after'), 'Stay ended', 'Thank you for staying with us'],
  [stateOf('cancelled', 'nothing_paid'), 'Cancelled', 'Nothing was paid and nothing is due.'],
  [
    stateOf('cancelled', 'deposit_received'),
    'Cancelled',
    'Under the cancellation terms we keep the £440 paid.',
  ],
  [stateOf('cancelled', 'paid_in_full'), 'Cancelled', 'we keep the £2,200 paid'],
  [
    stateOf('cancelled', 'refunding'),
    'Cancelled',
    'A refund of £220 is on its way back to you; we email when it is done. Under the cancellation terms we keep the other £220 of the £440 paid.',
  ],
  [
    stateOf('cancelled', 'refunded'),
    'Cancelled',
    '£440 has been refunded to you. Nothing more is due; the receipts stay below.',
  ],
  [stateOf('declined', 'nothing_paid'), 'Declined', 'Send a new request for other dates'],
  [stateOf('declined', 'refunded'), 'Declined', '£440 has been refunded to you'],
  [stateOf('withdrawn', 'nothing_paid'), 'Withdrawn', 'You withdrew this request; nothing is due.'],
  [stateOf('expired', 'nothing_paid'), 'Hold expired', 'The deposit was not paid in time'],
  [
    stateOf('expired', 'refunding'),
    'Hold expired',
    'after the hold ended and the nights had gone. A refund of £220 is on its way',
  ],
  [stateOf('expired', 'refunded'), 'Hold expired', '£440 has been refunded to you'],
];

describe('describeBooking', () => {
  it.each(table)('%o reads "%s": %s', (state, label, words) => {
    const described = describeBooking(state);
    expect(described.label).toBe(label);
    expect(described.explanation).toContain(words);
  });

  it('names the date a request was sent "Sent", and the date an instant booking was made "Booked"', () => {
    expect(describeBooking(stateOf('new', 'nothing_paid')).madeLabel).toBe('Sent');
    expect(describeBooking(stateOf('confirmed', 'deposit_received')).madeLabel).toBe('Sent');
    const instant = { ...stateOf('confirmed', 'deposit_received'), bookedInstantly: true };
    expect(describeBooking(instant).madeLabel).toBe('Booked');
    expect(describeBooking(stateOf('held', 'nothing_paid')).madeLabel).toBe('Booked');
  });

  it('says the balance is overdue once its day has passed', () => {
    const state = stateOf('confirmed', 'deposit_received');
    expect(describeBooking({ ...state, money: { ...state.money, overdue: true } }).explanation).toContain(
      'is overdue: please pay it below or call the office',
    );
  });

  // Every status × money × day × hold, not only the rows above: the promises the issue names hold in each.
  const every = bookingStatuses.flatMap((status) =>
    moneyStates.flatMap((money) =>
      (Object.keys(days) as Day[]).flatMap((day) =>
        (['running', 'lapsed', 'none'] as const).map((hold) => stateOf(status, money, day, hold)),
      ),
    ),
  );

  it.each(every)('%o never contradicts its money', (state) => {
    const { label, explanation } = describeBooking(state);
    const paid = state.money.receivedPence > 0;
    if (paid) expect(explanation).not.toContain('once the deposit is paid');
    if (paid) expect(explanation).not.toContain('Nothing was paid');
    if (!paid) expect(label).not.toBe('Booked');
    if (label === 'Booked') expect(explanation).toMatch(/^Booked: (these dates are yours|enjoy your stay)\./);
    if (state.status === 'confirmed' && paid && state.today < state.departure) expect(label).toBe('Booked');
    if (state.status === 'new') expect(explanation).toContain('nothing is held');
  });
});

describe('a hold, said on its reader’s clock', () => {
  it('names the minute it ends in the time zone of the guest reading it, not a length of time', () => {
    const held = stateOf('held', 'nothing_paid');
    expect(describeBooking({ ...held, timeZone: 'Asia/Dubai' }).explanation).toContain('until 14:30 GST');
    expect(describeBooking({ ...held, timeZone: 'Asia/Kolkata' }).explanation).toContain(
      'until 16:00 GMT+5:30',
    );
    expect(describeBooking(held).explanation).not.toContain('30 minutes');
  });

  it('says the same minute, with its zone, on the page before the payment provider (one formatter)', () => {
    const { heldUntil } = stateOf('held', 'nothing_paid');
    expect(formatHoldEnd(heldUntil ?? '', 'Asia/Dubai')).toBe('14:30 GST');
    expect(formatHoldEnd(heldUntil ?? '', 'Europe/London')).toBe('10:30 GMT');
  });
});
