/** How a home is booked, as every step of the road says it: the same mark and sentence everywhere. */
export type HowItBooks = {
  /** "Instant book" for a home booked and paid at once; null for one booked by request. */
  mark: string | null;
  /** The promise: what happens when the guest books, and what they pay now. */
  promise: string;
};

/**
 * How a home books: an instant-book home is booked and paid at once ("Book and pay the deposit now:
 * confirmed at once", or the whole stay when it is too near for a deposit); any other is a request the
 * office confirms by email. The property card, the search results, the property page's panel and its
 * "How to book", and the booking form all say it with these words, so no step promises a wait that
 * another step does not have.
 */
export function describeHowItBooks(instantBook: boolean, payInFull = false): HowItBooks {
  if (!instantBook) {
    return { mark: null, promise: 'Nothing to pay now: we confirm by email within one working day.' };
  }
  return {
    mark: 'Instant book',
    promise: payInFull
      ? 'Book and pay in full now: confirmed at once.'
      : 'Book and pay the deposit now: confirmed at once.',
  };
}
