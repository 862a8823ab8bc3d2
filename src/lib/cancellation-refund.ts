/**
 * What a guest's cancellation refunds, by the cancellation policy's table
 * (src/content/policies/cancellation-policy.md, "If you cancel"): how many days before arrival the
 * office hears of it decides what is kept; the rest of what was paid goes back. One pure function, so
 * the account page, the office's refund and the policy's words cannot disagree; a test reads the
 * policy's table and holds this one equal to it. Amounts are whole pence.
 */

/** What the office keeps, in the policy's rows, from the furthest from arrival to the nearest. */
export const cancellationRules = [
  /** 60 days or more before arrival: half the deposit. */
  { fromDays: 60, keeps: 'half_deposit' },
  /** 45 to 59 days: the deposit. */
  { fromDays: 45, keeps: 'deposit' },
  /** 30 to 44 days: half the price. */
  { fromDays: 30, keeps: 'half_price' },
  /** 14 to 29 days: three quarters of the price. */
  { fromDays: 14, keeps: 'three_quarters_price' },
  /** Closer, or not arriving: the whole price. */
  { fromDays: Number.NEGATIVE_INFINITY, keeps: 'price' },
] as const;

/** A cancellation free of charge: within this many hours of paying the deposit, with arrival this far. */
export const coolingOff = { hours: 48, minimumDaysBeforeArrival: 60 } as const;

export type Cancellation = {
  totalPence: number;
  depositPence: number;
  /** Everything received for the stay. */
  paidPence: number;
  /** Whole days from the day the office hears of it to the arrival day. */
  daysBeforeArrival: number;
  /** Hours since the deposit was paid; null when it is not paid. */
  hoursSinceDeposit: number | null;
};

const keptBy = {
  half_deposit: ({ depositPence }: Cancellation) => Math.floor(depositPence / 2),
  deposit: ({ depositPence }: Cancellation) => depositPence,
  half_price: ({ totalPence }: Cancellation) => Math.floor(totalPence / 2),
  three_quarters_price: ({ totalPence }: Cancellation) => Math.floor((totalPence * 3) / 4),
  price: ({ totalPence }: Cancellation) => totalPence,
} as const;

/** Which of the policy's rows decides a cancellation: one of `cancellationRules`, or the cooling-off. */
export type CancellationRule = (typeof cancellationRules)[number]['keeps'] | 'cooling_off';

/** Each row in the policy's own words, as the account page and the emails quote it. */
export const cancellationRuleWords = {
  cooling_off: 'Within 48 hours of paying the deposit, if arrival is at least 60 days away: we keep nothing',
  half_deposit: '60 days or more before arrival: we keep half the deposit',
  deposit: '45 to 59 days before arrival: we keep the deposit',
  half_price: '30 to 44 days before arrival: we keep half the price',
  three_quarters_price: '14 to 29 days before arrival: we keep 75% of the price',
  price: 'Less than 14 days before arrival: we keep the whole price',
} as const satisfies Record<CancellationRule, string>;

/** The row of the policy that decides a cancellation now. */
export function findCancellationRule({
  daysBeforeArrival,
  hoursSinceDeposit,
}: Pick<Cancellation, 'daysBeforeArrival' | 'hoursSinceDeposit'>): CancellationRule {
  const coolingOffApplies =
    hoursSinceDeposit !== null &&
    hoursSinceDeposit <= coolingOff.hours &&
    daysBeforeArrival >= coolingOff.minimumDaysBeforeArrival;
  if (coolingOffApplies) return 'cooling_off';
  return (cancellationRules.find(({ fromDays }) => daysBeforeArrival >= fromDays) ?? cancellationRules[4])
    .keeps;
}

/**
 * What the office keeps and refunds of what was paid if the guest cancels now. Never more than was
 * paid is kept (the balance not yet taken is not asked for), and never more than was paid is refunded.
 */
export function refundCancellation(cancellation: Cancellation): { keptPence: number; refundPence: number } {
  const rule = findCancellationRule(cancellation);
  const kept = rule === 'cooling_off' ? 0 : keptBy[rule](cancellation);
  const keptPence = Math.min(cancellation.paidPence, kept);
  return { keptPence, refundPence: cancellation.paidPence - keptPence };
}
