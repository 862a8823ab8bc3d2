import { formatPence } from '../../lib/money.ts';
import type { Quote } from '../../lib/pricing.ts';
import { QuoteDetails } from './QuoteDetails.tsx';
import { describeGuests, describeNights } from './stay-words.ts';

/** The price of the stay as the guest types, announced politely to screen readers as it changes. */
export function PriceSummary({
  quote,
  guests,
  prompt = 'Choose a villa or apartment, your dates and the number of guests to see the price.',
}: {
  quote: Quote | null;
  guests: number;
  /** What to do to see a price, shown until there is one. */
  prompt?: string;
}) {
  return (
    <section className="booking__quote" aria-labelledby="quote-title">
      <h2 id="quote-title">Your price</h2>
      <p className="booking__quote-summary" aria-live="polite" aria-atomic="true">
        {quote
          ? `${describeNights(quote.nights)} for ${describeGuests(guests)}: ${formatPence(quote.totalPence)} in total${quote.discountPence > 0 ? ', with the two-guest discount' : ''}.`
          : prompt}
      </p>
      {quote && <QuoteDetails quote={quote} />}
    </section>
  );
}
