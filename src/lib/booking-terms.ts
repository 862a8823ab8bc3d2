/**
 * The booking terms guests read on every property page: the discount, the deposit and when the balance
 * is due. The price quote applies the same numbers, so a change here is a change to what a stay costs.
 */
export const bookingTerms = {
  /** Discount on the stay when exactly this many guests stay. */
  discountedGuestCount: 2,
  discountPercent: 20,
  /** Share of the total paid to confirm a booking. */
  depositPercent: 25,
  /** The balance is due this many days before arrival; closer than that, everything is due at once. */
  balanceDueDaysBeforeArrival: 45,
} as const;
