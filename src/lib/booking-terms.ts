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

/**
 * How a guest pays, in the words the account page's "How to pay" and the confirmation email both use,
 * so the two cannot disagree. Plain text: the page adds the office's phone and email as links.
 */
export const howToPay = {
  summary: `Nothing is paid online. Once we confirm a request, call the office and pay the ${bookingTerms.depositPercent}% deposit by credit or debit card over the phone; the balance is paid the same way by its due date, ${bookingTerms.balanceDueDaysBeforeArrival} days before arrival. Within ${bookingTerms.balanceDueDaysBeforeArrival} days of arrival the full amount is due on confirmation.`,
  safety: 'We never ask for card details by email.',
} as const;
