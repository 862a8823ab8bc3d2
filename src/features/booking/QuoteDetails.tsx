import { bookingTerms } from '../../lib/booking-terms.ts';
import { formatStayDate } from '../../lib/dates.ts';
import { formatPence } from '../../lib/money.ts';
import type { Quote } from '../../lib/pricing.ts';
import { describeQuoteLine } from './stay-words.ts';

/**
 * A quote line by line: the stay's nights season by season (one line when it is all at one rate), the
 * discount when it applies, the total, and what is due when.
 */
export function QuoteDetails({ quote }: { quote: Quote }) {
  const { discountPercent, depositPercent, balanceDueDaysBeforeArrival } = bookingTerms;
  return (
    <div className="quote">
      <dl className="quote__lines">
        {quote.lines.map((line) => (
          <div key={`${line.season}-${line.weeklyRatePence}`} className="quote__season">
            <dt>{describeQuoteLine(line)}</dt>
            <dd>{formatPence(line.amountPence)}</dd>
          </div>
        ))}
        {quote.discountPence > 0 && (
          <div>
            <dt>Two-guest discount ({discountPercent}%)</dt>
            <dd>−{formatPence(quote.discountPence)}</dd>
          </div>
        )}
        <div className="quote__total">
          <dt>Total</dt>
          <dd>{formatPence(quote.totalPence)}</dd>
        </div>
        {quote.balanceDueDate ? (
          <>
            <div>
              <dt>Deposit ({depositPercent}%), due on confirmation</dt>
              <dd>{formatPence(quote.depositPence)}</dd>
            </div>
            <div>
              <dt>Balance, due by {formatStayDate(quote.balanceDueDate)}</dt>
              <dd>{formatPence(quote.balancePence)}</dd>
            </div>
          </>
        ) : (
          <div>
            <dt>Due on confirmation</dt>
            <dd>{formatPence(quote.depositPence)}</dd>
          </div>
        )}
      </dl>
      {!quote.balanceDueDate && (
        <p className="quote__note">
          Full amount due on confirmation: arrival is {balanceDueDaysBeforeArrival} days away or less.
        </p>
      )}
    </div>
  );
}
