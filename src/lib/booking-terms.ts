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
  /** How long an instant booking holds its nights while the guest pays (migration 20261201000500). */
  holdMinutes: 30,
} as const;

/**
 * The house rules every property keeps, in short; the property pages and the house rules page both
 * read them from here. How many may stay is each property's own `sleeps`.
 */
export const houseRules = {
  /** Local time (Asia/Kolkata) a stay's home is ready on the arrival day. */
  checkInFrom: '14:00',
  /** Local time the home is left on the departure day. */
  checkOutBy: '11:00',
  partiesAllowed: false,
  /** Smoking is allowed outdoors only: terraces, gardens, never inside. */
  smokingOutsideOnly: true,
  /** Pets are not refused outright: the office asks the owner. */
  petsOnRequest: true,
} as const;

/** The payment terms in two sentences, as the property pages and the FAQ state them. */
export function summarisePaymentTerms(): string[] {
  return [
    `A ${bookingTerms.depositPercent}% deposit confirms the booking; the balance is due ${bookingTerms.balanceDueDaysBeforeArrival} days before arrival.`,
    `Booked within ${bookingTerms.balanceDueDaysBeforeArrival} days of arrival, the whole stay is paid on confirmation.`,
  ];
}

/** The house rules of a property that sleeps `sleeps`, one short sentence each, in the order shown. */
export function summariseHouseRules(sleeps: number): string[] {
  return [
    `Check-in from ${houseRules.checkInFrom}, check-out by ${houseRules.checkOutBy}.`,
    `At most ${sleeps} ${sleeps === 1 ? 'guest stays' : 'guests stay'} overnight, children included.`,
    houseRules.partiesAllowed ? 'Parties and events by arrangement.' : 'No parties or events.',
    houseRules.smokingOutsideOnly ? 'Smoking outside only.' : 'No smoking anywhere.',
    houseRules.petsOnRequest ? 'Pets on request: ask before you book.' : 'No pets.',
  ];
}

const termValues: Record<string, string> = {
  depositPercent: String(bookingTerms.depositPercent),
  balanceDueDays: String(bookingTerms.balanceDueDaysBeforeArrival),
  discountPercent: String(bookingTerms.discountPercent),
  discountedGuestCount: String(bookingTerms.discountedGuestCount),
  checkInFrom: houseRules.checkInFrom,
  checkOutBy: houseRules.checkOutBy,
};

/**
 * Content text with the terms filled in: `{depositPercent}` becomes "25", so a content file (the FAQ)
 * states the terms without a second copy of them. An unknown name throws, which fails the build
 * rather than showing a guest "{depositPercnt}".
 */
export function fillTerms(text: string): string {
  return text.replaceAll(/\{(\w+)\}/g, (_match, name: string) => {
    const value = termValues[name];
    if (value === undefined) throw new Error(`unknown term {${name}} in: ${text}`);
    return value;
  });
}

/**
 * How a guest pays, in the words the account page's "How to pay" and the confirmation email both use,
 * so the two cannot disagree. Plain text: the page adds the office's phone and email as links, for
 * questions.
 */
export const howToPay = {
  summary: `Once we confirm a request, pay the ${bookingTerms.depositPercent}% deposit online by card: the "Pay the deposit" button on your account page, or the link in the confirmation email, takes you to our payment provider's secure page. The balance is paid the same way by its due date, ${bookingTerms.balanceDueDaysBeforeArrival} days before arrival. Within ${bookingTerms.balanceDueDaysBeforeArrival} days of arrival the full amount is due on confirmation.`,
  /** The same, for the confirmation itself, which is the moment it speaks of: the link it carries pays. */
  onceConfirmed: `Pay online by card: the link above, or the "Pay the deposit" button on your account page, takes you to our payment provider's secure page. Any balance is paid the same way by its due date, ${bookingTerms.balanceDueDaysBeforeArrival} days before arrival.`,
  safety:
    "Card details are typed only on the payment provider's page, never on our pages: we never ask for them by email or over the phone.",
  cancelling:
    'To cancel a confirmed booking, press "Cancel this booking" on your account page: it shows what our cancellation policy refunds that day before you confirm. Money paid online goes back to the card you paid with at once (your bank takes 5 to 10 working days to show it); money paid to the office by bank transfer or by phone comes back the same way within 14 days.',
} as const;
